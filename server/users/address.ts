// «Давай на ты»: how a person asks to be addressed, in a chat message or in «Обо мне». The newest request in the text
// wins; a «не надо на ты» is a request for «вы». Lower case, ё → е, whole words only («на выходных» is no request).
import type { AddressForm } from '../../contract/settings';

const REQUEST = /(?<![а-я])(не (?:надо|нужно|стоит|хочу) )?(?:со мной |ко мне )?на «?(ты|вы)»?(?![а-я])/g;
/** A request needs a verb of asking nearby, or «на ты» standing alone as the whole message. */
const ASKING =
  /(давай|давайте|можно|лучше|обращайся|обращайтесь|обращаться|пиши|пишите|говори|говорите|перейд|переход|будем|хочу|предпочитаю|удобнее|пожалуйста|зови|называй)/;

export function addressRequestIn(text: string | null | undefined): AddressForm | null {
  if (!text) return null;
  const folded = text.toLowerCase().replace(/ё/g, 'е');
  let found: AddressForm | null = null;
  for (const m of folded.matchAll(REQUEST)) {
    const around = folded.slice(Math.max(0, m.index - 40), m.index + m[0].length + 20);
    const alone = folded.trim().replace(/[.!?,\s]+$/, '') === m[0].trim();
    if (!ASKING.test(around) && !alone) continue;
    const form: AddressForm = m[2] === 'ты' ? 'ty' : 'vy';
    found = m[1] ? (form === 'ty' ? 'vy' : 'ty') : form;
  }
  return found;
}
