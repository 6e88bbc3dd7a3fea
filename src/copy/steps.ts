// The words of the seven step practices: every step's title, hint and fields, why «Далее» waits, the offer of a
// draft from last time, the balance wheel, saving to the diary, and the short labels the diary entry is laid out
// with. Written for someone who may be anxious or low right now: short sentences, examples instead of demands, no
// right or wrong answers, permission to write little.
import type {
  FieldOf,
  GoalState,
  StepOf,
  StepPracticeId,
  WheelArea,
} from '../../machines/practices/steps/step-practices';

export interface FieldCopy {
  label: string;
  placeholder: string;
  /** The label of the answer in the diary entry. */
  entry: string;
}

export interface StepCopy {
  title: string;
  hint: string;
  /** Why «Далее» is off (read by screen readers from the disabled button). */
  needs: string;
}

export interface PracticeStepsCopy<P extends StepPracticeId> {
  steps: Record<StepOf<P>, StepCopy>;
  fields: Record<FieldOf<P>, FieldCopy>;
}

const ifIWasntAfraid: PracticeStepsCopy<'if_i_wasnt_afraid'> = {
  steps: {
    wish1: {
      title: 'Если бы вы не боялись, чего бы вам хотелось?',
      hint: 'Представьте, что страх ненадолго отступил. Запишите первое, что приходит в голову, — большое или совсем маленькое. Это видите только вы.',
      needs: 'Чтобы продолжить, напишите желание',
    },
    wish2: {
      title: 'А чего ещё?',
      hint: 'Не нужно выбирать «правильное». Просто ещё одно желание, которое сейчас останавливает страх.',
      needs: 'Чтобы продолжить, напишите второе желание',
    },
    wish3: {
      title: 'И ещё одно желание',
      hint: 'Иногда третье оказывается самым важным. Если трудно, подойдёт и что-то совсем простое.',
      needs: 'Чтобы продолжить, напишите третье желание',
    },
    theme: {
      title: 'Что их объединяет?',
      hint: 'Посмотрите на свои желания вместе. Что в них общего — свобода, признание, близость, забота о себе или что-то своё?',
      needs: 'Чтобы продолжить, напишите, что объединяет желания',
    },
    plan: {
      title: 'Маленький шаг навстречу',
      hint: 'Не нужно менять всё сразу. Выберите одно действие в сторону этой темы и самый маленький шаг, который по силам уже на этой неделе.',
      needs: 'Чтобы завершить, напишите действие и первый шаг',
    },
  },
  fields: {
    wish1: { label: 'Первое желание', placeholder: 'Например: пойти на танцы', entry: 'Желание 1' },
    wish2: { label: 'Второе желание', placeholder: 'Например: попросить о повышении', entry: 'Желание 2' },
    wish3: { label: 'Третье желание', placeholder: 'Например: сказать близкому, что мне обидно', entry: 'Желание 3' },
    theme: { label: 'Общая тема', placeholder: 'Например: хочу, чтобы меня слышали', entry: 'Что их объединяет' },
    action: { label: 'Действие', placeholder: 'Например: найти студию танцев рядом', entry: 'Действие' },
    firstStep: {
      label: 'Самый маленький первый шаг',
      placeholder: 'Например: посмотреть расписание одной студии',
      entry: 'Первый шаг',
    },
  },
};

const stopThinkAct: PracticeStepsCopy<'stop_think_act'> = {
  steps: {
    stop: {
      title: 'Стоп. Что произошло?',
      hint: 'Сделайте медленный вдох и выдох. Опишите ситуацию так, будто смотрите со стороны, и то, как вы отреагировали: что почувствовали, подумали или сделали.',
      needs: 'Чтобы продолжить, опишите ситуацию и свою реакцию',
    },
    think: {
      title: 'Подумайте: как ещё можно поступить?',
      hint: 'Найдите три других варианта. Они не обязаны быть идеальными — даже непривычный вариант показывает, что выбор есть.',
      needs: 'Чтобы продолжить, запишите все три варианта',
    },
    act: {
      title: 'Действуйте: что вы выберете?',
      hint: 'Выберите вариант, который кажется самым бережным к вам и к другим, и решите, когда его попробуете.',
      needs: 'Чтобы завершить, напишите, что вы сделаете и когда',
    },
  },
  fields: {
    situation: { label: 'Ситуация', placeholder: 'Например: меня перебили на встрече', entry: 'Ситуация' },
    reaction: { label: 'Моя реакция', placeholder: 'Например: промолчать и весь день злиться', entry: 'Моя реакция' },
    alternative1: {
      label: 'Вариант 1',
      placeholder: 'Например: спокойно сказать, что мне нужно договорить',
      entry: 'Вариант 1',
    },
    alternative2: { label: 'Вариант 2', placeholder: 'Например: обсудить это после встречи', entry: 'Вариант 2' },
    alternative3: { label: 'Вариант 3', placeholder: 'Например: написать коллеге пару строк', entry: 'Вариант 3' },
    choice: {
      label: 'Что я сделаю',
      placeholder: 'Например: поговорю с коллегой после встречи',
      entry: 'Что я сделаю',
    },
    when: { label: 'Когда', placeholder: 'Например: завтра в обед', entry: 'Когда' },
  },
};

const goalShift: PracticeStepsCopy<'goal_shift'> = {
  steps: {
    task: {
      title: 'Какая задача даётся с трудом?',
      hint: 'Назовите дело, которое давит или которое хочется отложить. Хватит пары слов.',
      needs: 'Чтобы продолжить, напишите задачу',
    },
    state: {
      title: 'В каком состоянии вы хотели бы её делать?',
      hint: 'Сместим цель с «надо сделать» на то, как вам хочется себя чувствовать. Выберите одно состояние.',
      needs: 'Чтобы продолжить, выберите состояние',
    },
    action: {
      title: 'Одно действие из этого состояния',
      hint: 'Представьте, что вы уже чувствуете это состояние. С чего бы вы начали? Пусть это будет небольшое и понятное действие.',
      needs: 'Чтобы завершить, напишите действие',
    },
  },
  fields: {
    task: { label: 'Задача', placeholder: 'Например: подготовить отчёт', entry: 'Задача' },
    state: { label: 'Состояние', placeholder: '', entry: 'Состояние' },
    action: {
      label: 'Действие',
      placeholder: 'Например: открыть файл и набросать план из трёх пунктов',
      entry: 'Действие',
    },
  },
};

const paradoxicalStep: PracticeStepsCopy<'paradoxical_step'> = {
  steps: {
    situation: {
      title: 'Какая ситуация повторяется?',
      hint: 'Вспомните положение, в котором вы оказываетесь снова и снова и которое хочется изменить.',
      needs: 'Чтобы продолжить, опишите ситуацию',
    },
    pattern: {
      title: 'Как вы обычно поступаете?',
      hint: 'Опишите привычную реакцию и то, к чему она приводит. Без упрёков себе: когда-то эта реакция помогала.',
      needs: 'Чтобы продолжить, опишите реакцию и её результат',
    },
    opposite: {
      title: 'А если наоборот?',
      hint: 'Придумайте действие, противоположное привычному, — пусть даже странное. Это небольшой эксперимент, а не обязательство.',
      needs: 'Чтобы завершить, напишите действие и когда вы его попробуете',
    },
  },
  fields: {
    situation: { label: 'Ситуация', placeholder: 'Например: откладываю важный звонок', entry: 'Ситуация' },
    reaction: {
      label: 'Привычная реакция',
      placeholder: 'Например: жду подходящего момента',
      entry: 'Привычная реакция',
    },
    result: {
      label: 'К чему это приводит',
      placeholder: 'Например: тревога растёт, а звонок так и не сделан',
      entry: 'К чему это приводит',
    },
    opposite: {
      label: 'Противоположное действие',
      placeholder: 'Например: позвонить сразу, не готовясь',
      entry: 'Противоположное действие',
    },
    when: { label: 'Когда попробую', placeholder: 'Например: сегодня до обеда', entry: 'Когда попробую' },
  },
};

const balanceWheel: PracticeStepsCopy<'balance_wheel'> = {
  steps: {
    rate: {
      title: 'Как вы сейчас?',
      hint: 'Передвиньте ползунки от 1 до 10. Здесь нет правильных ответов — только то, как вы чувствуете себя сегодня.',
      needs: '',
    },
    review: {
      title: 'Ваше колесо',
      hint: 'Зоны ниже 6 — не оценка вас, а подсказка, куда направить заботу.',
      needs: '',
    },
    plan: {
      title: 'Небольшой план',
      hint: 'Для каждой зоны ниже 6 напишите одно небольшое действие, которое её поддержит.',
      needs: 'Чтобы завершить, напишите план для каждой зоны ниже 6',
    },
  },
  fields: {
    energy: { label: 'Энергия: что поможет?', placeholder: 'Например: лечь спать до полуночи', entry: 'Энергия' },
    focus: { label: 'Фокус: что поможет?', placeholder: 'Например: час без уведомлений утром', entry: 'Фокус' },
    emotions: { label: 'Эмоции: что поможет?', placeholder: 'Например: десять минут прогулки днём', entry: 'Эмоции' },
    relationships: {
      label: 'Отношения: что поможет?',
      placeholder: 'Например: позвонить другу в выходные',
      entry: 'Отношения',
    },
  },
};

const letterWithoutSending: PracticeStepsCopy<'letter_without_sending'> = {
  steps: {
    write: {
      title: 'Письмо, которое никто не прочтёт',
      hint: 'Напишите человеку всё, что хотелось бы сказать: обиду, злость, благодарность, то, что не успели сказать. Письмо никуда не отправится, поэтому слова можно не подбирать.',
      needs: 'Чтобы завершить, напишите письмо',
    },
  },
  fields: {
    to: { label: 'Кому (опционально)', placeholder: 'Например: маме', entry: 'Кому' },
    letter: { label: 'Письмо', placeholder: 'Здравствуй…', entry: 'Письмо' },
  },
};

const diaryThreeQuestions: PracticeStepsCopy<'diary_three_questions'> = {
  steps: {
    questions: {
      title: 'Три вопроса о сегодняшнем дне',
      hint: 'Ответьте на те вопросы, на которые хочется. Можно совсем коротко — даже одно слово считается.',
      needs: 'Чтобы завершить, ответьте хотя бы на один вопрос',
    },
  },
  fields: {
    important: {
      label: 'Что сегодня было важным?',
      placeholder: 'Например: разговор с подругой',
      entry: 'Что сегодня было важным?',
    },
    succeeded: {
      label: 'Что у меня получилось?',
      placeholder: 'Например: выйти на прогулку',
      entry: 'Что у меня получилось?',
    },
    thanks: {
      label: 'За что я могу себя поблагодарить?',
      placeholder: 'Например: за то, что нашлось время отдохнуть',
      entry: 'За что я могу себя поблагодарить?',
    },
  },
};

export const stepPracticesCopy: { [P in StepPracticeId]: PracticeStepsCopy<P> } = {
  if_i_wasnt_afraid: ifIWasntAfraid,
  stop_think_act: stopThinkAct,
  goal_shift: goalShift,
  paradoxical_step: paradoxicalStep,
  balance_wheel: balanceWheel,
  letter_without_sending: letterWithoutSending,
  diary_three_questions: diaryThreeQuestions,
};

/** One decimal with the Russian decimal comma: 6.3 → «6,3», 5 → «5,0». */
export const formatAverage = (n: number) =>
  n.toLocaleString('ru-RU', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export const stepsCopy = {
  step: (n: number, of: number) => `Шаг ${n} из ${of}`,
  next: 'Далее',
  finish: 'Завершить',
  back: 'Назад',
  counter: (n: number, max: number) => `${n}/${max}`,
  offer: {
    title: 'Продолжим?',
    text: 'В прошлый раз вы не закончили эту практику. Всё, что вы написали, сохранилось на этом устройстве.',
    /** A draft whose save to the diary did not go through. */
    notSaved: 'Ваши ответы не сохранились в дневник, но остались на этом устройстве. Можно продолжить с того же места.',
    continue: 'Продолжить',
    restart: 'Начать заново',
    restartNote: '«Начать заново» удалит прежние ответы.',
  },
  /** Quitting on purpose (the practice's menu); leaving by «Назад» keeps the answers instead. */
  quit: {
    menuItem: 'Завершить без сохранения',
    title: 'Удалить записанное в этой практике?',
    text: 'Ответы сотрутся с этого устройства, и практика закончится. Вернуться к ней можно в любой момент.',
    confirm: 'Удалить',
    cancel: 'Оставить',
  },
  ifIWasntAfraid: { wishesTitle: 'Ваши желания' },
  goalShift: {
    statesLabel: 'Состояние',
    states: {
      calm: 'Спокойствие',
      confidence: 'Уверенность',
      interest: 'Интерес',
      ease: 'Лёгкость',
      energy: 'Бодрость',
      joy: 'Радость',
    } satisfies Record<GoalState, string>,
    chosen: (state: string) => `Выбранное состояние: ${state}`,
  },
  wheel: {
    areas: {
      energy: 'Энергия',
      focus: 'Фокус',
      emotions: 'Эмоции',
      relationships: 'Отношения',
    } satisfies Record<WheelArea, string>,
    areaHints: {
      energy: 'Сколько у вас сейчас сил',
      focus: 'Насколько легко сосредоточиться',
      emotions: 'Как вы себя чувствуете',
      relationships: 'Насколько тепло с близкими',
    } satisfies Record<WheelArea, string>,
    value: (n: number) => `${n} из 10`,
    title: 'Колесо баланса',
    /** The wheel's text alternative: every area with its rating. */
    described: (parts: string[]) => `Оценки по зонам: ${parts.join(', ')}.`,
    average: (avg: string) => `Средняя оценка: ${avg}`,
    weakTitle: 'Зоны ниже 6',
    noneWeak: 'Все зоны на 6 и выше. Это хорошая опора — можно просто отметить это для себя.',
    plan: 'План',
  },
  diary: {
    text: 'Ваши ответы станут одной записью в дневнике, и к ним можно будет вернуться.',
    save: 'Сохранить в дневник',
    saving: 'Сохраняем…',
    saved: 'Сохранено в дневнике',
    kept: 'Ответы остались на этом устройстве. Когда сможете, откройте эту практику снова и сохраните их.',
  },
} as const;
