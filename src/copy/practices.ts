// Every user-facing string of the practices: the list, the detail page, the session runners and the rating.
// Spec strings are verbatim; the rest is written for someone who may be anxious or low right now — short
// sentences, no pressure, permission to stop.
import type { PracticeCategory } from '../../contract/practices';
import type { BreathingPhase } from '../../machines/practices/breathing-configs';
import type { GroundingSense } from '../../machines/practices/grounding.machine';
import type { RatingPlaceholder } from '../../machines/practices/rating.machine';
import { practiceName } from './practiceName';

/** A category as the client knows it; anything else shows as mindfulness. */
export type CategoryKey = PracticeCategory | 'mindfulness';

export interface CategoryCopy {
  label: string;
  /** The icon's colour (non-text: 3:1 against the card is enough); text stays in the theme's colours. */
  color: string;
  /** «Что вы получите». */
  benefits: string[];
  /** «Подготовка». */
  preparation: string[];
}

export const practiceCategories: Record<CategoryKey, CategoryCopy> = {
  breathing: {
    label: 'Дыхание',
    color: '#2e86c1',
    benefits: [
      'Дыхание станет ровнее, а вместе с ним замедлится пульс',
      'Уйдёт часть напряжения из тела',
      'Появится немного спокойствия и опоры',
    ],
    preparation: [
      'Сядьте или лягте так, как вам удобно',
      'Можно закрыть глаза или смотреть в одну точку',
      'Если закружится голова — просто вернитесь к обычному дыханию',
    ],
  },
  grounding: {
    label: 'Заземление',
    color: '#2e8b57',
    benefits: ['Внимание вернётся в «здесь и сейчас»', 'Тревожные мысли станут тише', 'Вы снова почувствуете опору'],
    preparation: ['Подойдёт любое место, где вы сейчас', 'Не нужно ничего делать идеально', 'Двигайтесь в своём темпе'],
  },
  productivity: {
    label: 'Продуктивность',
    color: '#c0571b',
    benefits: ['Станет легче начать', 'Большая задача перестанет пугать', 'Появится ощущение движения'],
    preparation: [
      'Выберите одно дело, которое откладываете',
      'Если можете, отложите телефон с уведомлениями',
      'Договоритесь с собой: только пять минут',
    ],
  },
  psychological: {
    label: 'Психология',
    color: '#8e44ad',
    benefits: [
      'Станет яснее, что происходит внутри',
      'Появятся новые варианты действий',
      'Чувства станут чуть менее острыми',
    ],
    preparation: [
      'Найдите несколько спокойных минут',
      'Отвечайте честно — это видите только вы',
      'Здесь нет правильных и неправильных ответов',
    ],
  },
  journaling: {
    label: 'Письменные практики',
    color: '#a8690c',
    benefits: ['Мысли уложатся и станут понятнее', 'Чувствам найдётся место', 'Станет немного легче'],
    preparation: ['Найдите тихое место', 'Пишите как получается — без оценок', 'Остановиться можно в любой момент'],
  },
  self_awareness: {
    label: 'Самопознание',
    color: '#1f7a8c',
    benefits: [
      'Вы увидите, где сейчас больше сил, а где меньше',
      'Станет понятно, куда направить внимание',
      'Появится небольшой и посильный план',
    ],
    preparation: [
      'Выделите десять спокойных минут',
      'Оценивайте по ощущениям, без самокритики',
      'Любая оценка — это нормально',
    ],
  },
  mindfulness: {
    label: 'Осознанность',
    color: '#5d6d7e',
    benefits: ['Немного спокойствия', 'Больше внимания к себе', 'Передышка посреди дня'],
    preparation: ['Устройтесь удобно', 'Отложите дела на несколько минут', 'Будьте к себе бережны'],
  },
};

/** The category's words and colour; an unknown category shows as mindfulness. */
export function categoryCopy(category: string): CategoryCopy & { key: CategoryKey } {
  const key = (Object.hasOwn(practiceCategories, category) ? category : 'mindfulness') as CategoryKey;
  return { key, ...practiceCategories[key] };
}

export const practicesCopy = {
  list: {
    title: 'Практики',
    subtitle: 'Выберите то, что поможет вам сейчас',
    error: 'Не удалось загрузить практики',
    retry: 'Попробовать снова',
    empty: 'Практики скоро появятся',
    locked: 'Доступна на PRO',
    thanksTitle: 'Спасибо, что уделили время себе',
    thanks: (name: string) => `Практика «${practiceName(name)}» завершена`,
  },
  lockedDialog: {
    title: 'Продвинутая практика',
    // The spec's «{practice} доступна…» agrees with «практика», not with a name like «Колесо баланса» (issue 24).
    text: (name: string) => `Практика «${practiceName(name)}» доступна на тарифах PRO и PREMIUM`,
    upgrade: 'Улучшить тариф',
    later: 'Позже',
  },
  minutes: (n: number) => `${n} мин`,
  proBadge: 'PRO',
  detail: {
    title: 'Практика',
    back: 'К практикам',
    error: 'Не удалось загрузить практику',
    retry: 'Попробовать снова',
    notFound: 'Практика не найдена',
    benefitsTitle: 'Что вы получите',
    preparationTitle: 'Подготовка',
    start: 'Начать практику',
    starting: 'Начинаем…',
    upgrade: 'Улучшить тариф',
    startFailed: 'Не удалось начать практику. Попробуйте ещё раз.',
  },
  session: {
    back: 'К описанию практики',
    inDevelopment: 'Практика в разработке',
    menu: 'Меню практики',
    finishEarly: 'Завершить досрочно',
    keepGoing: 'Продолжить практику',
    start: 'Начать',
    pause: 'Пауза',
    resume: 'Продолжить',
    paused: 'Пауза. Продолжите, когда будете готовы.',
    stop: 'Завершить',
    stopTitle: 'Завершить практику?',
    stopText: 'Дальше — оценка практики. Можно продолжить с того же места.',
    stopConfirm: 'Завершить',
    stopCancel: 'Продолжить',
  },
  breathing: {
    prepareTitle: 'Приготовьтесь к практике',
    prepareText:
      'Сядьте удобно и опустите плечи. Дышите так, как получается: подсказки на экране помогут держать ритм.',
    phases: {
      inhale: 'Вдохните через нос',
      hold: 'Задержите дыхание',
      exhale: 'Медленно выдохните',
      pause: 'Задержите дыхание',
    } satisfies Record<BreathingPhase, string>,
    // The spec's «СТАРТ» is not a phase of the rhythm (issue 24): the strip lists the phases alone.
    strip: { inhale: 'ВДОХ', hold: 'ЗАДЕРЖКА', exhale: 'ВЫДОХ', pause: 'ПАУЗА' } satisfies Record<
      BreathingPhase,
      string
    >,
    stripLabel: 'Фазы дыхания',
    seconds: (n: number) => `${n} с`,
    cycle: (n: number, of: number) => `Цикл ${n} из ${of}`,
    progress: 'Ход практики',
  },
  grounding: {
    introText:
      'Когда накрывает тревога, органы чувств помогают вернуться в настоящий момент. Называйте про себя то, что замечаете, и отмечайте каждый кружок.',
    step: (n: number, of: number) => `Шаг ${n} из ${of}`,
    steps: {
      sight: {
        title: 'Назовите 5 вещей, которые вы видите',
        hint: 'Медленно оглядитесь. Подойдёт что угодно: цвет, предмет, свет из окна.',
      },
      hearing: {
        title: 'Назовите 4 звука, которые вы слышите',
        hint: 'Прислушайтесь: шум улицы, гул техники, собственное дыхание.',
      },
      touch: {
        title: 'Назовите 3 вещи, которых вы касаетесь',
        hint: 'Почувствуйте опору под собой, ткань одежды, тепло своих рук.',
      },
      smell: {
        title: 'Назовите 2 запаха, которые вы чувствуете',
        hint: 'Если запахов нет, вспомните любимый — это тоже подходит.',
      },
      taste: {
        title: 'Назовите 1 вкус, который вы ощущаете',
        hint: 'Это может быть вкус чая, зубной пасты или просто воздуха.',
      },
    } satisfies Record<GroundingSense, { title: string; hint: string }>,
    circle: (n: number) => `Отметить: ${n}`,
    circlesLabel: 'Отмеченное',
    next: 'Далее',
    finish: 'Завершить',
    nextNeeds: 'Сначала отметьте все кружки этого шага',
  },
  fiveMinute: {
    introText:
      'Выберите одно дело, которое давно откладываете, и побудьте с ним всего пять минут. Захочется продолжить — прекрасно. Нет — вы всё равно сделали шаг.',
    start: 'Начать',
    pause: 'Пауза',
    resume: 'Продолжить',
    paused: 'Пауза. Продолжите, когда будете готовы.',
    timeLeft: 'Осталось времени',
    doneText: 'Пять минут позади. Вы сделали первый шаг!',
    finish: 'Завершить практику',
  },
  bodyScan: {
    introText:
      'Сядьте или лягте удобно и, если хочется, закройте глаза. Внимание будет медленно двигаться по телу — по 40 секунд на каждую зону. Просто замечайте ощущения, ничего не меняя.',
    zone: (n: number, of: number) => `Зона ${n} из ${of}`,
    zones: {
      head_face: { title: 'Голова и лицо', hint: 'Почувствуйте лоб, глаза, челюсть. Позвольте им смягчиться.' },
      neck_shoulders: { title: 'Шея и плечи', hint: 'Заметьте, где есть напряжение. На выдохе опустите плечи.' },
      arms_hands: { title: 'Руки и кисти', hint: 'Почувствуйте тяжесть рук, тепло ладоней, кончики пальцев.' },
      chest_belly: {
        title: 'Грудь и живот',
        hint: 'Понаблюдайте, как они поднимаются и опускаются вместе с дыханием.',
      },
      back: { title: 'Спина', hint: 'Почувствуйте опору за спиной. Где спина расслаблена, а где напряжена?' },
      pelvis_hips: { title: 'Таз и бёдра', hint: 'Заметьте вес тела и то, как оно опирается.' },
      legs_feet: {
        title: 'Ноги и стопы',
        hint: 'Почувствуйте ноги до самых кончиков пальцев и касание стоп с опорой.',
      },
    } as Record<string, { title: string; hint: string }>,
    secondsLeft: 'Секунд в этой зоне',
  },
  rating: {
    /**
     * The heading by the rating chosen (0: none yet). The spec's «Отлично!» stays for a finished practice and for
     * 5; after «Совсем не помогло» it would ring false (issue 24), so low ratings get sympathy, high ones gladness.
     */
    titles: [
      'Отлично!',
      'Жаль, что не помогло',
      'Спасибо, что попробовали',
      'Хорошо, что нашли время',
      'Рады, что помогло',
      'Отлично!',
    ],
    question: 'Как вам практика?',
    starsLabel: 'Оценка практики',
    star: (n: number) => `${n} из 5`,
    labels: ['Совсем не помогло', 'Помогло слабо', 'Нормально', 'Хорошо помогло', 'Отлично помогло!'],
    addComment: '+ Добавить комментарий',
    foldComment: 'Свернуть комментарий',
    commentLabel: 'Комментарий',
    placeholders: {
      whatWentWrong: 'Что пошло не так? (опционально)',
      whatHelped: 'Что особенно помогло? (опционально)',
      impressions: 'Ваши впечатления (опционально)',
    } satisfies Record<RatingPlaceholder, string>,
    counter: (n: number, max: number) => `${n}/${max}`,
    submit: 'Завершить',
    skip: 'Пропустить',
    ratingNeeded: 'Сначала выберите оценку',
    sending: 'Сохраняем…',
    failed: 'Не удалось завершить практику',
  },
} as const;
