// After a crisis in a conversation, the person's next messages are read as its continuation (detect.ts, assessRisk):
// «тут красиво» after «я стою на мосту», «наверное белое» after «хочу, чтобы меня нашли красивой». Only a message
// that settles it ends that reading: the moment has passed («мне уже легче», «я передумала»), help was reached
// («позвонила маме»), the day goes on («пойду приготовлю ужин»), it was a joke, or it only acknowledges the reply
// («ок», «спасибо»). Pure, on the normalised spelling (normalize.ts). A message with a sign of its own never settles
// it: «спасибо, но я всё равно уйду».
import { normalizeMessage } from './normalize';

/** A whole message that only acknowledges («ок», «понятно»; thanks anywhere are SETTLING's). */
const ACKNOWLEDGED = /^(ок|окей|ok|ладно|хорошо|понятно|ясно|угу|ага|да|нет|понял|поняла)( \.)?$/;

/** Thanks, the moment has passed, help was reached, it was a joke. Each phrase as whole words of the normalised text. */
const SETTLING = [
  '(спасибо|спасибки|спс|благодарю)',
  '(мне|уже|стало|стало мне|мне стало|немного|чуть|намного|гораздо|сейчас) (лучше|легче|получше|полегче|спокойнее)',
  'полегчало',
  'отпустило',
  'успокоил(ся|ась)',
  'передумал[аи]?',
  'не (буду|стану|собираюсь) (этого )?(делать|ничего)',
  '(все|у меня все) (хорошо|нормально|в порядке)',
  'я в порядке',
  'я в безопасности',
  '(позвонил|позвонила|дозвонил(ся|ась)|написал|написала) (маме|папе|другу|подруге|сестре|брату|мужу|жене|на линию|в службу|по телефону)',
  // the evening going on: «ладно, пойду приготовлю ужин»
  '(пойду|пошел|пошла|схожу|буду) (приготовлю|готовить|поем|поесть|ужинать|обедать|спать|посплю|гулять|погуляю|работать|смотреть|посмотрю|пить чай|в душ|в магазин)',
  'шучу',
  'пошутил[аи]?',
].map((phrase) => new RegExp(`(^| )(${phrase})( |$)`));

/**
 * The message settles a crisis read earlier in the conversation. `signed`: the rules found a sign of its own in it
 * (then it is read as itself, whatever else it says).
 */
export function settles(message: string, signed: boolean): boolean {
  if (signed) return false;
  const { russian } = normalizeMessage(message);
  return ACKNOWLEDGED.test(russian) || SETTLING.some((phrase) => phrase.test(russian));
}
