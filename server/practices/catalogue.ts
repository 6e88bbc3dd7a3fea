// The catalogue of the 13 practices: the one list that GET /api/practices serves and the chat's suggest_practice
// tool reads. Ids are the session runners' keys on the client (spec's practice session table).
//
// Which are advanced (PRO and PREMIUM, the trial included) is a product decision
// (docs/decisions/0046-advanced-practices.md): everything a person may need in an acute moment — the three
// breathings, grounding, the body scan — stays free, with the two lightest self-help steps (five-minute start, three
// diary questions); the six deeper guided step practices, which ask for more reflection and time, are advanced.
// The ids and categories themselves are contract/practice-ids.ts, which the contract and the client share.
import type { PracticeCategory, PracticeId } from '../../contract/practice-ids';

export { PRACTICE_CATEGORIES, PRACTICE_IDS } from '../../contract/practice-ids';
export type { PracticeCategory, PracticeId };

export interface Practice {
  id: PracticeId;
  name: string;
  description: string;
  category: PracticeCategory;
  duration_minutes: number;
  /** Open only on tiers with advancedPractices (plans.ts); shown with a PRO badge. */
  is_advanced: boolean;
}

export const PRACTICES: readonly Practice[] = [
  {
    id: 'breathing_478',
    name: 'Дыхание 4-7-8',
    description:
      'Вдох на 4 счёта, задержка на 7, медленный выдох на 8. Четыре цикла замедляют пульс, снимают напряжение и помогают уснуть.',
    category: 'breathing',
    duration_minutes: 3,
    is_advanced: false,
  },
  {
    id: 'triangle_breathing',
    name: 'Треугольное дыхание',
    description:
      'Вдох, задержка и выдох по 3 секунды, шесть циклов. Простой ритм, который быстро возвращает спокойствие.',
    category: 'breathing',
    duration_minutes: 2,
    is_advanced: false,
  },
  {
    id: 'box_breathing',
    name: 'Квадратное дыхание',
    description:
      'Вдох, задержка, выдох и пауза по 4 секунды, пять циклов. Выравнивает дыхание и помогает собраться при стрессе.',
    category: 'breathing',
    duration_minutes: 3,
    is_advanced: false,
  },
  {
    id: 'grounding_54321',
    name: 'Заземление 5-4-3-2-1',
    description:
      'Назовите 5 вещей, которые видите, 4 — которые слышите, 3 — которых касаетесь, 2 запаха и 1 вкус. Возвращает в настоящий момент, когда накрывает тревога.',
    category: 'grounding',
    duration_minutes: 5,
    is_advanced: false,
  },
  {
    id: 'letter_without_sending',
    name: 'Письмо без отправки',
    description:
      'Напишите человеку всё, что хотелось бы сказать, зная, что письмо никто не прочтёт. Помогает прожить обиду, злость или утрату.',
    category: 'journaling',
    duration_minutes: 15,
    is_advanced: true,
  },
  {
    id: 'five_minute_start',
    name: 'Старт за 5 минут',
    description:
      'Договоритесь с собой заняться делом всего пять минут. Маленький старт снимает сопротивление и помогает сдвинуться с места.',
    category: 'productivity',
    duration_minutes: 5,
    is_advanced: false,
  },
  {
    id: 'diary_three_questions',
    name: 'Три вопроса дня',
    description:
      'Три коротких вопроса о прошедшем дне: что было важным, что получилось, за что можно себя поблагодарить.',
    category: 'journaling',
    duration_minutes: 5,
    is_advanced: false,
  },
  {
    id: 'if_i_wasnt_afraid',
    name: 'Если бы не страх',
    description:
      'Три желания, которые останавливает страх, их общая тема и самый маленький первый шаг. Помогает увидеть, чего вы хотите на самом деле.',
    category: 'psychological',
    duration_minutes: 10,
    is_advanced: true,
  },
  {
    id: 'stop_think_act',
    name: 'Стоп — подумай — действуй',
    description:
      'Остановитесь, опишите ситуацию и свою реакцию, найдите три альтернативы и выберите действие. Помогает не действовать на эмоциях.',
    category: 'psychological',
    duration_minutes: 7,
    is_advanced: true,
  },
  {
    id: 'body_scan_simple',
    name: 'Сканирование тела',
    description:
      'Внимание медленно проходит по телу от головы до стоп, по 40 секунд на каждую зону. Снимает зажимы и помогает расслабиться.',
    category: 'grounding',
    duration_minutes: 5,
    is_advanced: false,
  },
  {
    id: 'goal_shift',
    name: 'Смещение цели',
    description:
      'Задача, состояние, с которым вы хотите её делать, и одно действие из этого состояния. Помогает вернуть мотивацию, когда «надо» давит.',
    category: 'productivity',
    duration_minutes: 5,
    is_advanced: true,
  },
  {
    id: 'paradoxical_step',
    name: 'Парадоксальный шаг',
    description:
      'Опишите привычную реакцию и её результат, а затем попробуйте противоположное действие. Помогает выйти из замкнутого круга.',
    category: 'psychological',
    duration_minutes: 7,
    is_advanced: true,
  },
  {
    id: 'balance_wheel',
    name: 'Колесо баланса',
    description:
      'Оцените от 1 до 10 энергию, фокус, эмоции и отношения, найдите слабые зоны и составьте план. Показывает, куда направить силы.',
    category: 'self_awareness',
    duration_minutes: 10,
    is_advanced: true,
  },
];

const byId = new Map<string, Practice>(PRACTICES.map((p) => [p.id, p]));

/** The practice with this id, or undefined for an unknown one. */
export function practiceById(id: string): Practice | undefined {
  return byId.get(id);
}
