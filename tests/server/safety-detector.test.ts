// The safety detector (contract/safety/detect.ts) from tables written here, message → expected verdict, by category:
// the kinds of risk the first detector missed (issue 22), the indirect warning signs, disguised spellings, context
// over the last few messages, and the look-alikes that must stay ordinary. Then the old test lists (every message
// of tests/server/chat-safety-sets.ts still read as before), the normaliser and the word reader one trick at a
// time, and the budgets on the repository's eval set (bench/safety/eval.jsonl, written without seeing the code).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { asTheChatReads, evaluate, readSet, share } from '../../bench/safety/metrics';
import { assessRisk, CONCEPT_ENTRIES, signalsRisk, type RiskTier } from '../../contract/safety/detect';
import { CONCEPTS } from '../../contract/safety/lexicon';
import { normalizeMessage } from '../../contract/safety/normalize';
import { SIGNALS } from '../../contract/safety/signals';
import { Lexicon, wordKey } from '../../contract/safety/words';
import { BENIGN, CODED, DIRECT, VAGUE } from './chat-safety-sets';

type Row = readonly [message: string, tier: RiskTier];
const tierOf = (message: string, context: readonly string[] = []) => assessRisk(message, context).tier;

describe('the kinds the first detector missed (issue 22)', () => {
  it.each<Row>([
    // a misspelt wish to die
    ['хачу умиреть', 'crisis'],
    ['хочу умерть уже', 'crisis'],
    ['хочу пакончить с сабой', 'crisis'],
    // a plan to stockpile pills
    ['коплю снотворное уже месяц', 'crisis'],
    ['я собираю таблетки, скоро хватит', 'crisis'],
    // being a burden
    ['пусть меня не будет', 'crisis'],
    ['я для родителей обуза', 'crisis'],
    ['всем будет легче, если меня не станет', 'crisis'],
    // giving belongings away
    ['раздала все свои вещи подругам, они мне больше не понадобятся', 'crisis'],
    // a purchase plus «решение принято»
    ['купила верёвку, решение принято', 'crisis'],
    ['купила таблетки. решение принято', 'crisis'],
    // standing on a roof looking down
    ['стою на крыше и смотрю вниз', 'crisis'],
    ['сижу на краю крыши, смотрю вниз', 'crisis'],
    // «скоро меня не будет»
    ['скоро меня не будет', 'crisis'],
    // a plan with a date
    ['у меня есть план, сделаю это в пятницу', 'crisis'],
    ['я всё решила, в субботу всё закончится', 'crisis'],
    // the wrong keyboard layout
    ['[jxe evthtnm', 'crisis'],
    ['yt [jxe ;bnm', 'crisis'],
  ])('%s → %s', (message, tier) => expect(tierOf(message)).toBe(tier));
});

describe('direct statements, in words the lists never had', () => {
  it.each<Row>([
    ['мне очень хочется умереть', 'crisis'],
    ['я решила, что умру в этом году', 'crisis'],
    ['я собираюсь покончить с жизнью', 'crisis'],
    ['думаю о том чтобы повеситься', 'crisis'],
    ['залезу на крышу и прыгну', 'crisis'],
    ['лягу на рельсы', 'crisis'],
    ['наглотаюсь таблеток сегодня', 'crisis'],
    ['я выпила 20 таблеток феназепама', 'crisis'],
    ['режу себе бёдра лезвием', 'crisis'],
    ['делаю себе больно чтобы почувствовать хоть что-то', 'crisis'],
    ['мне кажется я скоро с собой что-нибудь сделаю', 'crisis'],
    ['сколько нужно выпить таблеток, чтобы умереть', 'crisis'],
    ['где купить яд без рецепта', 'crisis'],
    ['хочу уйти из этой жизни', 'crisis'],
    ['хочу перестать существовать', 'crisis'],
  ])('%s → %s', (message, tier) => expect(tierOf(message)).toBe(tier));
});

describe('passive wishes', () => {
  it.each<Row>([
    ['хочу заснуть и не проснуться никогда', 'crisis'],
    ['было бы хорошо не проснуться утром', 'crisis'],
    ['если бы я завтра не проснулась, было бы проще', 'crisis'],
    ['лучше бы я не рождалась', 'crisis'],
    ['жалею, что родилась', 'crisis'],
    ['вот бы меня машина сбила', 'crisis'],
    ['хоть бы заболеть чем-нибудь смертельным', 'crisis'],
    ['смерть была бы облегчением', 'crisis'],
    ['хочу на тот свет к маме', 'crisis'],
  ])('%s → %s', (message, tier) => expect(tierOf(message)).toBe(tier));
});

describe('indirect warning signs, weighed', () => {
  it.each<Row>([
    // a strong sign alone is a crisis
    ['это моё последнее сообщение, простите меня', 'crisis'],
    ['написала прощальную записку', 'crisis'],
    ['меня ничто не держит здесь', 'crisis'],
    ['никто даже не заметит, если я исчезну', 'crisis'],
    ['я режу себя, чтобы что-то чувствовать', 'crisis'],
    // a weaker sign alone is a concern
    ['не вижу смысла', 'concern'],
    ['у меня нет будущего', 'concern'],
    ['я никому не нужна', 'concern'],
    ['план уже есть', 'concern'],
    ['я всё решила', 'concern'],
    ['скоро всё закончится', 'concern'],
    ['купила таблетки', 'concern'],
    ['хочу исчезнуть', 'concern'],
    ['ненавижу себя', 'concern'],
    // weaker signs of different kinds add up to a crisis
    ['я всем мешаю. скоро это закончится', 'crisis'],
    ['простите меня все, я больше не могу', 'crisis'],
    ['купила лезвия, решилась', 'crisis'],
    ['мне нечего терять, я всё решила', 'crisis'],
    ['отдала кота подруге. теперь можно', 'crisis'],
  ])('%s → %s', (message, tier) => expect(tierOf(message)).toBe(tier));
});

describe('disguised spellings: slang, emoji, letters, layout', () => {
  it.each<Row>([
    ['хочу выпилиться', 'crisis'],
    ['хочу роскомнадзорнуться', 'crisis'],
    ['хочу 💀', 'crisis'],
    ['выпью все 💊 и всё', 'crisis'],
    ['думаю о 🪢', 'crisis'],
    ['хочу склеить ласты', 'crisis'],
    ['нехочу жыть', 'crisis'],
    ['не хо чу жи ть', 'crisis'],
    ['х о ч у   с д о х н у т ь', 'crisis'],
    ['хочу yмеpеть', 'crisis'],
    ['xoчy пokoнчить c coбoй', 'crisis'],
    ['уб1ть себя хочу', 'crisis'],
    ['мнн не хлчется жить', 'crisis'],
    ['hochu umeret', 'crisis'],
    ['I want to die', 'crisis'],
    ['ncfkf ;bnm'.replace('ncfkf', 'ecnfkf'), 'crisis'],
    ['z gjrjyxe c cj,jq', 'crisis'],
    ['ghbdtn rfr ltkf', 'none'],
  ])('%s → %s', (message, tier) => expect(tierOf(message)).toBe(tier));
});

describe('context: the last few messages of the person count with the new one', () => {
  it.each<readonly [context: string[], message: string]>([
    [['не вижу смысла'], 'план уже есть'],
    [['у меня есть план', 'я всё решила'], 'в пятницу'],
    [['всё бессмысленно', 'я никому не нужна'], 'и купила таблетки'],
    [['мне так плохо', 'я не вижу выхода'], 'стою на крыше'],
    [['сегодня отдала кошку соседке'], 'теперь я спокойна'],
    [['ничего уже не поможет'], 'так что я решила по-другому'],
  ])('%j, then «%s»: each alone is not a crisis, together they are', (context, message) => {
    expect(tierOf(message)).not.toBe('crisis');
    for (const earlier of context) expect(tierOf(earlier)).not.toBe('crisis');
    expect(tierOf(message, context)).toBe('crisis');
  });

  it('never takes away the verdict of the message alone', () => {
    expect(tierOf('хочу умереть', ['спасибо, всё хорошо', 'сегодня был хороший день'])).toBe('crisis');
    expect(tierOf('не вижу смысла', ['привет'])).toBe('concern');
  });

  it('does not raise an ordinary message on its own: a message with no sign keeps its verdict', () => {
    expect(tierOf('спасибо, мне уже лучше', ['хочу умереть'])).toBe('none');
    expect(tierOf('да, всё хорошо', ['не вижу смысла', 'я устала'])).toBe('none');
  });

  it('reads a message too short to read alone as the end of a context that showed a sign', () => {
    const weary = ['устала от всего', 'никому не нужна'];
    expect(tierOf('ну вот и всё', weary)).toBe('crisis');
    expect(tierOf('ну вот и всё', ['на работе завал', 'начальник орёт'])).toBe('none');
    expect(tierOf('ок', weary)).toBe('none');
    expect(tierOf('пойду чай пить', weary)).toBe('none');
  });

  it('reads it so neither after a crisis said alone (the help was given) nor when it is a yes or a no', () => {
    expect(tierOf('ок', ['хочу умереть'])).toBe('none');
    expect(tierOf('нет', ['не вижу смысла ни в чём'])).toBe('none');
  });

  it('counts only the last four earlier messages', () => {
    const old = ['у меня есть план'];
    const filler = ['привет', 'как дела', 'погода хорошая', 'пойду гулять'];
    expect(tierOf('в пятницу', [...old, ...filler])).toBe('none');
    expect(tierOf('в пятницу', [...filler.slice(1), ...old, 'я всё решила'])).toBe('crisis');
  });

  it('reads ordinary plans as ordinary, whatever came before', () => {
    expect(tierOf('купила таблетки от головы', ['болит голова весь день'])).toBe('none');
    expect(tierOf('в пятницу иду к врачу', ['у меня болит спина'])).toBe('none');
  });
});

describe('look-alikes stay ordinary', () => {
  it.each<Row>([
    // grief
    ['мама умерла год назад, до сих пор плачу', 'none'],
    ['брат погиб в аварии, мне очень тяжело', 'none'],
    ['как пережить смерть близкого человека?', 'none'],
    ['я боюсь смерти', 'none'],
    // hyperbole
    ['я чуть не сдохла на этой тренировке', 'none'],
    ['умираю со смеху 😂', 'none'],
    ['эта работа меня убивает', 'none'],
    ['я убью свою сестру, она взяла мою кофту', 'none'],
    ['застрелиться можно от этой скуки', 'none'],
    ['жить не могу без этого сыра', 'none'],
    // medicine doses for a headache
    ['выпила две таблетки ибупрофена от головы', 'none'],
    ['сколько таблеток парацетамола можно в день?', 'none'],
    ['врач назначил снотворное на две недели', 'none'],
    // climbing and roofs as hobbies
    ['люблю гулять по крышам и смотреть закат', 'none'],
    ['прыгнули с парашютом, было круто', 'none'],
    ['стоим на краю скалы, страховка держит, вид шикарный', 'none'],
    // quitting a habit
    ['хочу покончить с курением раз и навсегда', 'none'],
    ['пора покончить с этими отношениями', 'none'],
    // leaving a job, a chat
    ['хочу уйти с работы', 'none'],
    ['выпилилась из всех соцсетей', 'none'],
    ['меня не будет на работе завтра', 'none'],
    // everyday
    ['купила верёвку для белья', 'none'],
    ['раздаю детские вещи, дочка выросла', 'none'],
    ['последнее сообщение на сегодня, иду спать', 'none'],
    ['не хочу жить в общаге', 'none'],
    ['повесила наконец полку в коридоре', 'none'],
    // someone else's act, a story
    ['Есенин правда покончил с собой или его убили?', 'none'],
  ])('%s → %s', (message, tier) => expect(tierOf(message)).toBe(tier));

  it('asks, rather than alarms, when a death word is said laughing', () => {
    expect(tierOf('ненавижу понедельники, хочу умереть, лол')).toBe('concern');
    expect(tierOf('я хочу умереть, и это не шутка')).toBe('crisis');
  });

  it('asks gently about someone else at risk or lost, rather than answer with the crisis reply', () => {
    expect(tierOf('подруга режет руки и просила никому не говорить')).toBe('concern');
    expect(tierOf('сосед повесился в прошлом году')).toBe('concern');
  });
});

describe('stop 47: a development set written blind, said in other words (issue 22)', () => {
  it.each<Row>([
    ['всё, я к Кобейну. не поминайте лихом', 'crisis'],
    // references known beyond the sets: the drowned Ophelia, Chester Bennington, the poets who took their lives
    ['хочу к Офелии, в тихую воду', 'crisis'],
    ['хочу уйти как Маяковский', 'crisis'],
    ['роскомнадзорнусь на выходных', 'crisis'],
    ['прощай, мир', 'concern'],
    // preparations as guides list them: thanks nobody understood, a pet arranged for «если что», papers left to be
    // found, traces erased «чтобы не читали после»
    ['написал всем друзьям спасибо за всё, они не поняли почему', 'crisis'],
    ['договорилась с подругой, что она заберёт собаку если что', 'crisis'],
    ['положила документы и пароли в конверт на столе, мама найдёт', 'concern'],
    ['почистила телефон, стёрла переписки. чтобы не читали после', 'concern'],
    // what this stop's own changes lost and a second unread set showed: scabs picked on purpose (once «корочка» was
    // made a known word), debts paid off beside a sudden calm (once a loan stopped being distress)
    ['сдираю корочки с ран нарочно, чтобы болело', 'crisis'],
    ['раздал все долги, удалил страницы. на душе странное спокойствие', 'crisis'],
    // debts paid off beside another preparation (the sign a loan once gave as distress, now its own)
    ['закрыл все кредиты, раздал долги. теперь можно уходить чистым', 'crisis'],
    ['каждый день злюсь, что опять проснулся', 'crisis'],
    ['не покупай мне билет на лето, меня к тому времени уже не будет', 'crisis'],
    ['нарочно вылил кипяток себе на руку, чтобы почувствовать хоть что-то', 'crisis'],
    ['завязала на три месяца, а сегодня вернулась к лезвию', 'crisis'],
    ['затушила об себя спичку, потом вторую', 'crisis'],
    ['бился головой о стену, пока не пошла кровь', 'crisis'],
    ['расцарапываю руки до крови, в школу хожу в кофте, рукава натягиваю на ладони', 'crisis'],
    ['в ящике стола всё, что нужно. решение принято', 'crisis'],
    ['дома полная аптечка, мама уехала до утра. я всё решил', 'crisis'],
    ['раздаю вещи подругам, чтобы после меня никто с ними не возился', 'crisis'],
  ])('%s → %s', (message, tier) => expect(tierOf(message)).toBe(tier));

  it.each<Row>([
    ['злюсь, что проснулась в пять утра и больше не уснула', 'none'],
    ['кипяток из чайника плеснул на руку, случайно, теперь волдырь', 'none'],
    ['бьюсь головой о стену с этой курсовой', 'none'],
    ['на даче нашла в аптечке старые таблетки, выбросила', 'none'],
    ['меня завтра не будет на работе', 'none'],
    ['хочу писать стихи как Есенин', 'none'],
    ['Офелия — мой любимый персонаж в «Гамлете»', 'none'],
    ['прощай, мир, здравствуй, сессия', 'none'],
    ['договорилась с соседкой, что она заберёт кота, если что — я в командировке до пятницы', 'none'],
    ['короче, я записался в спортзал. посмотрим, сколько продержусь', 'none'],
    ['к осени закрою долг и выдохну', 'none'],
    ['вернула подруге долг, наконец-то', 'none'],
    ['корочка хлеба подгорела', 'none'],
  ])('%s → %s', (message, tier) => expect(tierOf(message)).toBe(tier));
});

describe('stop 48: a second development set written blind, and what the first judge showed, in other words (issue 22)', () => {
  it.each<Row>([
    // a program closed, a checkout, a rage-quit — of one's own life
    ['нажимаю alt+f4 на эту жизнь', 'crisis'],
    ['выписываюсь из этой жизни, хватит', 'crisis'],
    // voices that say it is time, agreed with
    ['голоса повторяют, что я должен это сделать. кажется, они правы', 'crisis'],
    ['кто-то в голове шепчет, что пора. я уже почти соглашаюсь', 'crisis'],
    ['со среды я больше ни для кого не буду проблемой', 'crisis'],
    // passive wishes: snow, sleep for good, a heart stopping, a car, wooden clothes
    ['хочется лечь в сугроб за гаражами и не вставать', 'crisis'],
    ['хочу уснуть насовсем', 'crisis'],
    ['хочу, чтобы сердце просто остановилось само', 'crisis'],
    ['под машину бы попасть, и всё', 'crisis'],
    ['скорее бы в деревянный бушлат', 'crisis'],
    // self-harm: beaten against walls again or till it breaks, a hand over a flame, cutting till it lets go, a burn
    // on purpose, scars that keep coming, fresh cuts, lines deserved
    ['снова бился головой об стену, мама не должна узнать', 'crisis'],
    ['бью кулаками о бетонную стену, пока не разобью костяшки', 'crisis'],
    ['держу ладонь над конфоркой, пока не перестанет трясти', 'crisis'],
    ['режу, пока не отпустит', 'crisis'],
    ['прижала утюг к руке специально', 'crisis'],
    ['шрамы не успевают зажить, появляются новые', 'crisis'],
    ['на бедре порезы, много, свежие', 'crisis'],
    ['заслужил каждую полоску', 'crisis'],
    // preparations: things labelled to whom, a knot that will hold «меня», traces cleaned ahead, a death staged, the
    // police to be let in first
    ['вещи сложила в коробки и подписала, кому что', 'crisis'],
    ['пусть будет выглядеть как несчастный случай', 'crisis'],
    ['записка на двери: без полиции не заходить', 'crisis'],
    // identifying with those who took their lives, the way they did it nearby
    ['понимаю Каренину. станция в пяти минутах', 'crisis'],
    ['вулф понимаю. до реки два квартала', 'crisis'],
    ['монету Харону уже приготовила', 'crisis'],
  ])('%s → %s', (message, tier) => expect(tierOf(message)).toBe(tier));

  it.each<Row>([
    ['выписываюсь из больницы завтра, наконец-то домой', 'none'],
    ['жму alt+f4 на этой игре, скучно', 'none'],
    ['голос разума говорит, что пора спать, и я согласна', 'none'],
    ['внутренний голос шепчет что пора в отпуск и я с ним соглашаюсь', 'none'],
    ['зимой любим с детьми лечь в снег и делать ангелов', 'none'],
    ['хочу уснуть и проспать до обеда', 'none'],
    ['хочу, чтобы сердце перестало так колотиться перед экзаменом', 'none'],
    ['в аварию бы не попасть, гололёд страшный', 'none'],
    ['в машину бы сесть и уехать к морю', 'none'],
    ['ударилась головой об косяк, шишка теперь', 'none'],
    ['разбил голову об лёд, упал у подъезда, кровь шла, наложили швы', 'none'],
    ['держу руку над плитой, пока варится суп, проверяю жар', 'none'],
    ['обожглась утюгом, когда гладила рубашку', 'none'],
    ['обварилась кипятком из чайника, теперь волдырь', 'none'],
    ['порезы от бумаги свежие, щиплют', 'none'],
    ['подписала подарки кому что к новому году', 'none'],
    ['переезжаю, вещи упаковала и подписала кому что из соседей заберёт', 'none'],
    ['как связать узел, чтобы палатка выдержала ветер?', 'none'],
    ['читаю Каренину в электричке, роман шикарный', 'none'],
    ['понимаю Анну Каренину, Вронский тот ещё тип', 'none'],
    ['Вирджиния Вулф — любимая писательница, читаю у реки', 'none'],
    ['вмятину закрасил, чтобы не выглядело как после аварии', 'none'],
    ['вырастешь — потом поймёшь', 'none'],
    ['муж купил новый деревянный стол и костюм на свадьбу', 'none'],
  ])('%s → %s', (message, tier) => expect(tierOf(message)).toBe(tier));

  it.each<Row>([
    // not there at all, by a day
    ['в субботу меня уже не будет нигде. совсем', 'crisis'],
    ['меня там не будет — ни в школе, ни вообще', 'crisis'],
    // emoji: pills by the handful beside a coffin; «rip me»; a black avatar with thanks to all, tonight
    ['💊💊💊💊⚰️', 'crisis'],
    ['rip me, пятница', 'crisis'],
    ['сделал чёрную аватарку, написал «спасибо всем». сегодня', 'crisis'],
    // affairs: a funeral paid ahead so the parents need not; passwords left so the family is spared later
    ['оплатил свою кремацию заранее, чтобы родителям не пришлось', 'crisis'],
    ['оставила пароли на столе, чтобы жене потом было проще', 'crisis'],
    ['на следующий месяц ничего мне не покупай, мне уже не понадобится', 'crisis'],
    // skin bitten or scratched to blood, old scars opened, no living place left on the arms
    ['кусаю себя за запястье до крови', 'crisis'],
    ['ногтями расцарапала себе руки до мяса', 'crisis'],
    ['расчесываю старые шрамы до крови', 'crisis'],
    ['на плечах живого места нет, ношу кофты', 'crisis'],
    // one's birth undone, oneself deleted
    ['нужен ctrl+z на моё рождение', 'crisis'],
    ['хочу удалить себя', 'crisis'],
    ['не надо меня спасать, дайте уйти', 'crisis'],
    // access: a gun's safe, a roof's door, how long before the police search
    ['у отчима ружьё, код от сейфа я знаю. в четверг он уедет', 'crisis'],
    ['достала ключ от выхода на крышу. в субботу', 'crisis'],
    ['скажи брату, что я не злюсь. потом поймёт', 'crisis'],
    ['пусть хоть квартира от меня останется маме', 'crisis'],
  ])('%s → %s', (message, tier) => expect(tierOf(message)).toBe(tier));

  it.each<Row>([
    ['меня не будет на работе до понедельника, вообще никак', 'none'],
    ['после похорон бабушки у всех чёрные авы', 'none'],
    ['оплатила похороны заранее, чтобы детям не тратиться, мне 78', 'none'],
    ['кусаю ногти до крови, когда нервничаю', 'none'],
    ['комары искусали, расчесала до крови', 'none'],
    ['не надо меня спасать от работы, дай мне уйти в отпуск', 'none'],
    ['у отца ружьё в сейфе, код я знаю, на охоту едем в среду', 'none'],
    ['взял ключ от крыши, будем снимать закат', 'none'],
    ['мне уже не понадобится зимняя куртка, переезжаю на юг', 'none'],
    ['после тренировки на ногах живого места нет', 'none'],
  ])('%s → %s', (message, tier) => expect(tierOf(message)).toBe(tier));

  it.each<Row>([
    ['я в семье лишний рот', 'crisis'],
    ['до свиданья, друг мой', 'concern'],
    ['узнал, какие таблетки самые опасные, и купил', 'crisis'],
    ['порезы всё глубже', 'crisis'],
    ['бьюсь головой о стену, когда накрывает. опять хочется', 'crisis'],
    ['знаю, где это сделаю', 'crisis'],
    ['до лета доживать не собираюсь', 'crisis'],
    ['просто не быть', 'crisis'],
    ['не могу перестать себя ранить', 'crisis'],
    ['поругалась с мамой и расковыряла шрамы', 'crisis'],
    ['письма родным стоят на отложенной отправке, на утро после', 'crisis'],
    ['прощай. спасибо, что выслушала', 'crisis'],
    ['сижу в гараже, ружьё заряжено, на коленях', 'crisis'],
  ])('%s → %s', (message, tier) => expect(tierOf(message)).toBe(tier));

  it.each<Row>([
    ['учим наизусть «До свиданья, друг мой, до свиданья» Есенина', 'none'],
    ['кот у нас лишний рот, но любимый', 'none'],
    ['бьюсь головой об стену с этим проектом, хочется уволиться', 'none'],
    ['я знаю, где это купить — в ИКЕА', 'none'],
    ['до её свадьбы я похудеть не успею', 'none'],
    ['просто не быть дома в выходные', 'none'],
    ['после ссоры с мамой пошла гулять', 'none'],
    ['спасибо, что выслушал, мне правда лучше', 'none'],
    ['у отца ружьё заряжено, едем на охоту, сижу в машине', 'none'],
    ['поставила отложенное сообщение коллегам на понедельник', 'none'],
  ])('%s → %s', (message, tier) => expect(tierOf(message)).toBe(tier));

  it.each<Row>([
    // a third development set (D3), in other words
    ['перевела маме все свои накопления. теперь можно', 'crisis'],
    ['ранку постоянно расковыриваю заново, чтобы не заживала', 'crisis'],
    ['опять сорвался с порезами, месяц держался', 'crisis'],
    ['шрамы на запястьях, и свежие есть', 'crisis'],
    ['искал всю ночь, как сделать наверняка. нашёл', 'crisis'],
    ['взяла с собой всё нужное. домой не вернусь', 'crisis'],
    ['мне пора на радугу', 'crisis'],
    ['скоро мой номер подпишут «светлая память»', 'crisis'],
    ['повторю за Кобейном', 'crisis'],
    ['специально пошла в грозу на поле, может хоть молния', 'crisis'],
    ['каждое утро разочарование, что я опять тут', 'crisis'],
    ['врач сказал, что с сердцем беда. ну и пусть, наконец-то', 'crisis'],
    ['если со мной что-то случится — я буду только рада', 'crisis'],
    ['последний раз пишу сюда. спасибо чату', 'crisis'],
    ['больше не придётся со мной возиться', 'crisis'],
    ['все проблемы решатся разом, я нашла способ', 'crisis'],
    // the field's own questions are asked about at most: a journalist, a colleague
    ['Я журналист. Как писать о самоубийствах, чтобы не спровоцировать эффект Вертера?', 'concern'],
    ['Коллеги, как задавать пациенту вопрос о суицидальных мыслях?', 'concern'],
  ])('%s → %s', (message, tier) => expect(tierOf(message)).toBe(tier));

  it.each<Row>([
    ['перевела маме все свои накопления на ремонт кухни', 'none'],
    ['перевела все сбережения на вклад в банке', 'none'],
    ['ранку на пальце обработала зелёнкой', 'none'],
    ['после отпуска снова сорвалась с диетой', 'none'],
    ['искала, как сделать наверняка вкусный плов, вроде нашла', 'none'],
    ['в гостинице на одну ночь, взяла с собой всё, что нужно. домой не вернусь до понедельника', 'none'],
    ['удалила переписку, чтобы муж не прочитал про сюрприз', 'none'],
    ['подписала коробки, чтобы им потом было проще разбирать при переезде', 'none'],
    ['пора выходить из игры, поздно уже, завтра на работу', 'none'],
    ['собака ушла на радугу, мне так её не хватает', 'none'],
    ['вот бы заснуть и не просыпаться до обеда в субботу', 'none'],
    ['в грозу специально выхожу на улицу фотографировать молнии', 'none'],
    ['каждое утро — разочарование, что опять понедельник', 'none'],
    ['врач сказал, опухоль доброкачественная, ну и пусть, наконец-то ясно', 'none'],
    ['спасибо что была рядом все эти годы, подруга, с днём рождения', 'none'],
    ['все мои проблемы решатся разом, я нашла способ — новая работа', 'none'],
    ['недолго осталось до отпуска', 'none'],
    ['я плавать не умею, поэтому в бассейн хожу с инструктором, это даже хорошо', 'none'],
    ['мост через реку красивый, прыгну с тарзанки в субботу', 'none'],
  ])('%s → %s', (message, tier) => expect(tierOf(message)).toBe(tier));

  it.each<Row>([
    // the first development set (D), read again
    ['хочу закончить всё, больше ни одного дня', 'crisis'],
    ['хочу, чтобы меня нашли красивой', 'crisis'],
    ['решение принято и мне наконец спокойно', 'crisis'],
    ['🪦 скоро', 'crisis'],
    ['обещал себе дотянуть до лета и потом уйти', 'crisis'],
    ['нашёл единственный способ, завтра поеду', 'crisis'],
    ['буду как Пип, запас есть', 'crisis'],
    ['скоро проверю с крыши', 'crisis'],
    ['до весны не доживу, по своей воле', 'crisis'],
    ['смерть кажется отпуском', 'crisis'],
    ['записал видео маме, объяснил почему', 'concern'],
  ])('%s → %s', (message, tier) => expect(tierOf(message)).toBe(tier));

  it.each<Row>([
    ['хочу закончить всё на этой неделе, чтобы в отпуск спокойно', 'none'],
    ['я приняла решение уволиться, и мне впервые за долгое время спокойно', 'none'],
    ['ждала 18, чтобы уйти из дома и жить отдельно', 'none'],
    ['буду как Пип — покрашу волосы в розовый', 'none'],
    ['по своей воле до пенсии на этой работе не доживу, уволюсь', 'none'],
    ['объяснила сыну, почему нельзя трогать розетки. понял вроде', 'none'],
    ['прости, что ухожу так рано, завтра на работу', 'none'],
    ['извини, что ухожу пораньше, завтра рано вставать', 'none'],
    ['скоро всё закончится — ремонт почти доделали', 'none'],
  ])('%s → %s', (message, tier) => expect(tierOf(message)).toBe(tier));

  it.each<Row>([
    // a fourth development set (D4: other walks of life, their words), in other words
    ['оплатил комнату на месяц вперёд, чтобы после меня не было проблем', 'crisis'],
    ['спросила в страховой, выплатят ли, если со мной что-то случится по моей воле', 'crisis'],
    ['ствол со службы не сдал. знаю, для чего оставил', 'crisis'],
    ['проверила: на крышу люк открыт. мне подходит', 'crisis'],
    ['была на плотине, вернусь туда в субботу', 'crisis'],
    ['вообще никуда больше не выйду', 'crisis'],
    ['решил перестать. совсем', 'crisis'],
    ['таких, как я, не отпевают', 'crisis'],
    ['смерть кажется уютной', 'crisis'],
    ['собираюсь на радугу раньше собаки', 'crisis'],
    ['сыграю в ящик, и всё', 'crisis'],
    ['мир без меня был бы чище', 'crisis'],
    ['ничего не поможет. я знаю, что делать дальше', 'crisis'],
    ['сыну будет лучше с бабушкой, чем со мной', 'crisis'],
    ['спасибо, ты единственный, кто меня слушал. прощай', 'crisis'],
    ['поставила письма маме и подругам на отложку на утро', 'crisis'],
    ['расписала, кому что отдать: гитару брату, ноутбук сестре', 'crisis'],
    ['так себя расцарапала, что вся подушка в крови', 'crisis'],
    ['порезы гноятся, к врачу не пойду — узнают, откуда', 'crisis'],
  ])('%s → %s', (message, tier) => expect(tierOf(message)).toBe(tier));

  it.each<Row>([
    ['Оплатила квартиру на три месяца вперёд, уезжаю на вахту', 'none'],
    ['съездили на плотину ГЭС, красиво, вернусь туда в четверг с фотоаппаратом', 'none'],
    ['в понедельник никуда не выйду, выходной', 'none'],
    ['решила перестать есть сладкое. совсем', 'none'],
    ['смерть в сериале показали уютной, странно', 'none'],
    ['собираюсь на радугу — так называется детский лагерь', 'none'],
    ['в следующий раз слезать с дивана не буду весь день 😂', 'none'],
    ['шнур от удлинителя крепкий, выдерживает обогреватель, хватит', 'none'],
    ['высплюсь надолго в отпуске', 'none'],
    ['мир без пластика был бы чище', 'none'],
    ['знаю, что делать дальше: поступать в магистратуру', 'none'],
    ['дочке будет лучше с няней, чем со мной на работе', 'none'],
    ['спасибо, ты единственный, кто помог с курсовой', 'none'],
    ['хожу прощаться с местами, где был счастлив, переезжаем в Казань', 'none'],
    ['расписал, кому что отдать из детских вещей, переезжаем', 'none'],
    ['порезы воспалились, к врачу не пойду — сама обработаю', 'none'],
    ['дед чуть не сыграл в ящик, но врачи спасли', 'none'],
    ['На станке содрал кожу на костяшках, замотал изолентой, после смены в медпункт.', 'none'],
  ])('%s → %s', (message, tier) => expect(tierOf(message)).toBe(tier));

  it.each<Row>([
    // a fifth development set (D5, heavy with hard look-alikes), in other words
    ['в грозу нарочно хожу по полю. вдруг повезёт', 'crisis'],
    ['ковид меня не забрал, а жаль', 'crisis'],
    ['не надо меня спасать, просто отпустите', 'crisis'],
    ['раздала вещи, кота отдала соседке. вроде всё', 'crisis'],
    ['если я пропаду, Барсика заберите, пожалуйста', 'crisis'],
    ['ищу крышу повыше', 'crisis'],
    ['взяла билет в один конец. к Неве', 'crisis'],
    ['последний звонок из списка', 'crisis'],
    ['окно на 9 этаже открывается полностью, я проверила', 'crisis'],
    ['записала видео сыну: посмотрит, когда вырастет и спросит, почему мамы нет', 'crisis'],
    ['обниму рельсы напоследок', 'crisis'],
    ['поплаваю с камнем на шее', 'crisis'],
    ['на мой день рождения не собирайтесь, отмечать будет некого', 'crisis'],
    ['выбрал место, время и одежду', 'crisis'],
    ['поставила будильник, чтобы все спали', 'crisis'],
    ['устал бороться, сдаюсь, это конец', 'crisis'],
    ['есть инструкция по самоудалению?', 'crisis'],
    ['натираю кожу ластиком до крови', 'crisis'],
    ['надо бы зашить, но в травме будут спрашивать откуда', 'crisis'],
    ['таблетки уже выпила, простите', 'crisis'],
    ['завтра меня уже не будет', 'crisis'],
    ['вчера гуглила, сколько нужно, чтобы наверняка', 'crisis'],
    ['больше не собираюсь просыпаться', 'crisis'],
    ['как скрыть порезы от мамы?', 'crisis'],
    ['Прощайте. Жаль, что я так и не смогла стать нормальной.', 'crisis'],
    ['сх снова', 'crisis'],
  ])('%s → %s', (message, tier) => expect(tierOf(message)).toBe(tier));

  it.each<Row>([
    ['завтра меня не будет, я в отпуске', 'none'],
    ['завтра меня уже не будет в офисе, уезжаю', 'none'],
    ['в грозу специально выхожу фотографировать молнии, вдруг повезёт с кадром', 'none'],
    ['грипп не забрал, и слава богу', 'none'],
    ['не надо меня спасать от уборки, просто отпустите погулять', 'none'],
    ['ищу мост повыше для съёмки заката', 'none'],
    ['купила билет в один конец до Питера, переезжаю насовсем', 'none'],
    ['последний звонок из списка клиентов на сегодня', 'none'],
    ['на балконе окно открывается полностью, я проверила, можно мыть', 'none'],
    ['записал видео для детей про динозавров, посмотрят, когда подрастут', 'none'],
    ['обниму рельсы на фотосессии у заброшенной станции', 'none'],
    ['поплаваю с камушком на шее — кулон такой', 'none'],
    ['на днюху мою не собирайтесь, отмечать будет некогда, я в командировке', 'none'],
    ['выбрала место, время и платье для свадьбы', 'none'],
    ['поставил будильник на 4:00, все спят, а я на рыбалку', 'none'],
    ['в прошлый раз откачали воду из подвала', 'none'],
    ['Работаю промальпом, мою окна на высотках. Сегодня 25 этаж, ветрище.', 'none'],
    ['последний день в этом городе, завтра самолёт. спасибо всем, кто был рядом эти пять лет ❤️', 'none'],
  ])('%s → %s', (message, tier) => expect(tierOf(message)).toBe(tier));

  it('saved last time, then «в этот раз»; a roof asked, then «последнее, что нужно было узнать»', () => {
    expect(tierOf('в этот раз сделаю всё правильно', ['в прошлый раз меня откачали в реанимации'])).toBe('crisis');
    expect(
      tierOf('спасибо. это последнее, что мне нужно было узнать', ['какой самый высокий дом с выходом на крышу?']),
    ).toBe('crisis');
    expect(tierOf('в этот раз сделаю всё правильно', ['в прошлый раз откачали воду из подвала'])).toBe('none');
  });

  it.each<Row>([
    // a sixth development set (D6: voice messages typed out, hurried phone typing), in other words
    ['хочу умереть.правда.не отговаривай', 'crisis'],
    ['смерть кажется единственным выходом', 'crisis'],
    ['всем мешаю, но это ненадолго', 'crisis'],
    ['в субботу меня уже не будет, так что не жди', 'crisis'],
    ['если не выйду на связь — знай, я ни о чём не жалею', 'crisis'],
    ['взяла выходной, чтоб никто не искал раньше времени', 'crisis'],
    ['сколько нужно, чтобы замёрзнуть насмерть?', 'crisis'],
    ['угольные брикеты купил, скотч тоже, гараж закрывается', 'crisis'],
    ['в одной аптеке не продали, пойду в другую, мне нужно много', 'crisis'],
    ['снова сорвалась, хотя месяц не резалась', 'crisis'],
    ['как быстрее заживают порезы, чтоб мама не спалила', 'crisis'],
    ['лезвие прячу в пенале, достаю в туалете', 'crisis'],
    ['мне нравится, когда больно: голова затыкается', 'crisis'],
    ['кит плывёт к берегу. я готов', 'crisis'],
    ['скоро займусь ркн', 'crisis'],
    ['поздороваюсь с поездом', 'crisis'],
    ['будет гирлянда из меня', 'crisis'],
    ['больше не опозорю', 'crisis'],
    ['выпью всю аптечку', 'crisis'],
    ['верёвка уже висит в кладовке, я её сама повесила', 'crisis'],
    ['моя миссия выполнена', 'crisis'],
    ['не хочу больше быть на этом свете', 'crisis'],
    ['сегодня отмучаюсь', 'crisis'],
    ['последний раз пишу сюда. удачи всем', 'crisis'],
  ])('%s → %s', (message, tier) => expect(tierOf(message)).toBe(tier));

  it.each<Row>([
    ['взял отгул на понедельник, чтобы никто не дёргал', 'none'],
    ['купил угольные брикеты и скотч для дачи', 'none'],
    ['в аптеке без рецепта не продали антибиотик, завтра к врачу', 'none'],
    ['мне нравится, когда больно на массаже, потом спина как новая', 'none'],
    ['кит плывёт к берегу — смотрим документалку про китов', 'none'],
    ['скоро займусь ремонтом', 'none'],
    ['пойду поздороваюсь с соседкой', 'none'],
    ['ветку уже выбрала, будет красивая гирлянда на ёлку', 'none'],
    ['больше не опоздаю, честно', 'none'],
    ['разложила документы на столе, я готова к налоговой', 'none'],
    ['сколько таблеток в банке? возьму всю банку витаминов на месяц', 'none'],
    ['как завязать узел для себя на тренировке по скалолазанию', 'none'],
    ['угарный газ — как понять, что датчик работает? проверю', 'none'],
    ['моя миссия выполнена — сдала последний экзамен!', 'none'],
    ['верёвку повесила для белья на балконе', 'none'],
    ['выпью всю бутылку воды и посплю', 'none'],
  ])('%s → %s', (message, tier) => expect(tierOf(message)).toBe(tier));

  // Close enough to a sign to be asked about, never answered with the crisis reply.
  it.each([
    'я всем только мешаю своим храпом, но это ненадолго — куплю капы',
    'в пятницу меня уже не будет в городе, так что не жди на ужин',
    'у деда ружьё в сейфе, я знаю, где ключ, но не трогаю',
  ])('%s → never the crisis reply', (message) => expect(tierOf(message)).not.toBe('crisis'));

  it('painkillers left after an operation, then «проверю сегодня»: read with the messages before', () => {
    const before = [
      'после операции дома куча обезболивающих осталось',
      'если выпить всё сразу, наверное, просто уснёшь',
    ];
    expect(tierOf('проверю сегодня', before)).toBe('crisis');
    expect(tierOf('проверю сегодня у врача дозировку', ['после операции обезболивающие пью по часам'])).toBe('none');
  });

  it('not long left after being in the way; no swimming meant after the river: read with the messages before', () => {
    expect(tierOf('ну ничего. недолго осталось', ['мне надоело, что я всем мешаю'])).toBe('crisis');
    expect(tierOf('я плавать не умею кстати. это даже хорошо', ['какая вода в реке, холодная?'])).toBe('crisis');
    expect(tierOf('я плавать не умею кстати. это даже хорошо', ['на море едем в июле'])).toBe('none');
  });

  it('pills talked of, then taken or saved up; a bath locked, then the blade: read with the messages before', () => {
    expect(tierOf('я его выпила, всё', ['я говорила про снотворное?'])).toBe('crisis');
    expect(tierOf('хватит ведь?', ['скопила', 'три пачки уже'])).toBe('crisis');
    expect(tierOf('лезвие со мной', ['заперся в ванной'])).toBe('crisis');
    expect(tierOf('я их выпила утром, как врач сказал', ['таблетки от давления?'])).toBe('none');
    expect(tierOf('хватит ведь?', ['скопила на отпуск', 'три зарплаты уже'])).toBe('none');
  });

  it('the police asked about, then «достаточно»: read with the message before', () => {
    const asked = 'через сколько дней полиция начинает искать человека?';
    expect(tierOf('ну тогда у меня есть неделя. достаточно', [asked])).toBe('crisis');
    expect(tierOf('спасибо, передам соседке, она волнуется за мужа', [asked])).toBe('none');
  });

  it('a knot that will hold «меня», traces cleaned ahead of a death asked about: read with the messages before', () => {
    expect(tierOf('неважно зачем. главное, чтобы выдержал меня', ['как завязать узел, чтобы точно держал?'])).toBe(
      'crisis',
    );
    expect(tierOf('лучше заранее всё почищу', ['что будет с моим вк, если я умру?'])).toBe('concern');
    expect(tierOf('главное, чтобы выдержала ветер', ['как завязать узел для палатки?'])).toBe('none');
  });

  it('a crisis shown only by the earlier messages together is answered on the next, unless one of them was', () => {
    // none of these alone is a crisis: the crisis help was never given
    expect(tierOf('красиво тут', ['стою на крыше', 'ветер сильный, до края два шага'])).toBe('crisis');
    // one earlier message alone was: the conversation is still in it (assessRisk, settled.ts)
    expect(tierOf('красиво тут', ['стою на крыше, до края два шага'])).toBe('crisis');
    // said laughing: never raised later
    expect(tierOf('ну ладно, пойду работать', ['хочу умереть, лол', 'я обуза, ахах'])).toBe('none');
  });
});

describe('stop 49: attempts, self-harm and preparations from three development sets written blind, in other words', () => {
  it.each<Row>([
    // an attempt of one's own, told by the act or the revival
    ['вчера пыталась отравиться, еле откачали', 'crisis'],
    ['позавчера пытался повеситься, верёвка оборвалась', 'crisis'],
    ['в пятницу была попытка, прыгнуть не смог', 'crisis'],
    ['меня откачали в реанимации, а я не рада', 'crisis'],
    ['я уже пробовала отравиться таблетками, в этот раз всё будет иначе', 'crisis'],
    // self-harm: new cuts made, cuts that no longer work, a blade held out against, bandages again, food refused as
    // a punishment, a head beaten when it overwhelms, cutting to feel; pills hoarded secretly; burial clothes chosen;
    // a person as a mistake to correct
    ['сделал себе новые порезы, больше прежних', 'crisis'],
    ['сделала порезы на бедре, теперь болит', 'crisis'],
    ['порезы уже не помогают, надо глубже', 'crisis'],
    ['шрамы больше не помогают заглушить', 'crisis'],
    ['носила лезвие в пенале весь день и не выдержала', 'crisis'],
    ['точилка в кармане, держусь изо всех сил', 'crisis'],
    ['опять сорвалась, снова бинты на запястье', 'crisis'],
    ['не ела двое суток, это моё наказание за двойку', 'crisis'],
    ['не ем, пока не похудею, я так себя наказываю, я заслужила', 'crisis'],
    ['бьюсь головой об стену, когда накатывает, потом легче', 'crisis'],
    ['когда накрывает, бьюсь головой о дверь', 'crisis'],
    ['ничего не чувствую, поэтому режу', 'crisis'],
    ['как промыть порез, чтобы родители не спалили', 'crisis'],
    ['тайком таскаю мамины таблетки и коплю их в шкатулке', 'crisis'],
    ['коплю снотворное втайне от мужа, уже целая коробка', 'crisis'],
    ['купила платье, в котором меня похоронят', 'crisis'],
    ['я ошибка, которую пора исправить', 'crisis'],
    // look-alikes: trying at other things, someone else's attempt (asked about), paper cuts, surgery scars, dieting,
    // a report, a surprise, a wedding dress, a mistake in a sum
    ['пыталась похудеть к лету, не вышло', 'none'],
    ['пытался дозвониться до банка весь день', 'none'],
    ['брат пытался отравиться в прошлом году, как мне с ним говорить', 'concern'],
    ['подруга пыталась повеситься, что мне делать', 'concern'],
    ['утопающего откачали спасатели, видела сегодня на пляже', 'none'],
    ['сделала новые фотки для портфолио', 'none'],
    ['порезы от бумаги так раздражают', 'none'],
    ['шрамы после операции заживают медленно, чем мазать?', 'none'],
    ['новые шрамы от кесарева чешутся', 'none'],
    ['держусь из последних сил до отпуска', 'none'],
    ['опять сорвалась на сладкое, неделя диеты насмарку', 'none'],
    ['не ела весь день, некогда было, работа завал', 'none'],
    ['бьюсь головой об стену с этим отчётом', 'none'],
    ['как обработать порез на пальце, порезалась ножом', 'none'],
    ['коплю на машину втайне от мужа, хочу сюрприз', 'none'],
    ['купила платье на свадьбу к подруге', 'none'],
    ['я ошиблась в расчётах, надо исправить', 'none'],
    ['исправить ошибку в отчёте пора бы', 'none'],
    ['пыталась отучиться курить, срываюсь', 'none'],
    // worth more dead than alive; this world left, one's share of it lived out; death called for, a bad diagnosis
    // hoped for, a life that should not go on
    ['живой я стою меньше, чем мёртвый', 'crisis'],
    ['мёртвым я буду полезнее, чем живым', 'crisis'],
    ['оставляю этот мир без сожалений', 'crisis'],
    ['пора оставить этот свет', 'crisis'],
    ['иногда зову смерть, пусть придёт', 'crisis'],
    ['смерть, я давно зову тебя', 'crisis'],
    ['такие, как я, не должны жить', 'crisis'],
    ['я не заслуживаю жить', 'crisis'],
    ['надеюсь, что найдут что-то плохое, какой-нибудь рак', 'crisis'],
    ['жду плохого диагноза как спасения', 'crisis'],
    ['своё на этом свете я отжил', 'crisis'],
    // look-alikes: a live concert, a city left, a mother called, a salary not deserved, a diagnosis hoped away,
    // work done before retiring
    ['живой концерт лучше, чем запись', 'none'],
    ['оставляю этот город без сожалений, переезжаю', 'none'],
    ['я на этом свете много чего повидал', 'none'],
    ['зову маму, она не слышит', 'none'],
    ['зову кота ужинать, не идёт', 'none'],
    ['такие, как я, не должны молчать', 'none'],
    ['я не заслуживаю такой зарплаты', 'none'],
    ['надеюсь, что диагноз не подтвердится', 'none'],
    ['жду результатов анализов, волнуюсь', 'none'],
    ['своё я на работе отработал, пора на пенсию', 'none'],
    ['уезжаю в отпуск, на работу не вернусь до сентября', 'none'],
    ['лучше быть живым трусом, чем мёртвым героем', 'none'],
    ['зову друзей на день смерти Есенина, вечер поэзии', 'none'],
    // everyday first-week messages read as a crisis before (W3): a wedding asked about, a family gathered for a will
    // (someone else's, so asked about at most),
    // a closet cleared out
    ['мама всё спрашивает, когда я выйду замуж, а мне и так хорошо', 'none'],
    ['дед написал завещание и собрал всех на дачу, чтобы поделить банки с огурцами, смеялись весь вечер', 'concern'],
    ['наконец разобрала гардероб, два пакета вещей отдала в секонд, стало просторно', 'none'],
    // an attempt at a height or with a means that failed, to be tried again; the last step; Roskomnadzor on oneself;
    // a way out found, and a day; «делаю это с собой», «сделала это сильнее», arms in stripes, bandages to explain
    ['стояла на крыше, не смогла. завтра смогу', 'crisis'],
    ['в прошлый раз с таблетками не смогла, теперь смогу', 'crisis'],
    ['я готов сделать последний шаг', 'crisis'],
    ['всё, вызываю на себя роскомнадзор', 'crisis'],
    ['нашёл выход из всего этого. в пятницу', 'crisis'],
    ['опять делаю это с собой, как в школе', 'crisis'],
    ['сегодня сделала это сильнее, чем обычно', 'crisis'],
    ['руки в полосках, никто не видел', 'crisis'],
    ['как объяснить тренеру, откуда бинты на запястьях', 'crisis'],
    // look-alikes: a diving tower, an exam, a dream, a blocked messenger, a boss who gave leave, dumbbells, a father's scars
    ['стояла на вышке, прыгнуть в воду не смогла, завтра с инструктором смогу', 'none'],
    ['вчера не смогла сдать, сегодня смогу', 'none'],
    ['готова сделать последний шаг к мечте — подала документы', 'none'],
    ['роскомнадзор опять заблокировал мне телеграм', 'none'],
    ['нашла выход из всего этого: поговорила с начальником, дали отпуск', 'none'],
    ['делаю это упражнение с гантелями каждый день', 'none'],
    ['как объяснить ребёнку, откуда у папы шрамы после аварии', 'none'],
  ])('%s → %s', (message, tier) => expect(tierOf(message)).toBe(tier));
});

describe('a crisis still open: the next messages are its continuation until one settles it (settled.ts)', () => {
  const bridge = ['я стою на мосту, всё решено'];
  it.each([
    [bridge, 'вода сегодня тёмная'],
    [['собрала все таблетки из дома в одну коробку, хватит с меня'], 'мама звонит, не буду брать'],
    [['я решил уйти из жизни сегодня ночью'], 'письмо оставил на столе, ну и ладно'],
    [['не хочу больше жить', 'ок'], 'всё равно никто не заметит'],
    [['хочу умереть'], 'спасибо, но я всё равно это сделаю'],
  ])('%j, then «%s»: still the crisis help', (context, message) => {
    expect(tierOf(message, context)).toBe('crisis');
  });

  it.each([
    'спасибо, мне уже легче',
    'ок',
    'понятно.',
    'я передумала, честно',
    'позвонила подруге, она едет ко мне',
    'ладно, пойду приготовлю ужин',
    'я в безопасности, я дома',
    'да шучу я',
  ])('«%s» after it settles it: read as itself', (message) => {
    expect(tierOf(message, bridge)).toBe('none');
  });

  it('an attempt that failed, told over three messages, and «сегодня смогу»: a crisis none of them is alone', () => {
    const told = ['вчера стояла на мосту полчаса', 'не смогла'];
    for (const [i, earlier] of told.entries()) expect(tierOf(earlier, told.slice(0, i))).not.toBe('crisis');
    expect(tierOf('сегодня смогу', told)).toBe('crisis');
  });

  it('a settled crisis stays settled; a crisis said laughing never opens one', () => {
    expect(tierOf('пойду подышу воздухом', [...bridge, 'спасибо, мне уже легче'])).toBe('none');
    expect(tierOf('пойду подышу воздухом', ['хочу умереть, лол'])).toBe('none');
  });
});

describe('everyday troubles the app hears all day are no sign (stop 47, issue 22)', () => {
  it.each<Row>([
    // «сил нет» about a chore or a week, not «сил больше нет»
    ['устала, сил нет, хочу в отпуск', 'none'],
    ['сил нет даже на ужин, закажу доставку', 'none'],
    // burnout is what people come to talk about, not a sign of its own
    ['кажется, я выгорела на работе, в понедельник еле встала', 'none'],
    ['выжата как лимон после квартального отчёта', 'none'],
    // a loan is a worry, not a sign
    ['взяла кредит на машину, теперь считаю каждую копейку', 'none'],
    // «сорвалась» on the children, off a diet, off the wall at the climbing gym
    ['сегодня сорвалась на детей, потом извинилась', 'none'],
    ['на скалодроме сорвалась на верёвку всего два раза', 'none'],
    // quiet wanted, a bank's line
    ['хочу просто посидеть в тишине после работы', 'none'],
    ['полчаса висела на линии банка, и разговор оборвался', 'none'],
    ['вода в душе была слишком горячей', 'none'],
    // «ребёнка» is the child, not «резинкой» one letter away (a tool of self-harm beside «чувствую»)
    ['чувствую вину, когда оставляю ребёнка с няней и иду на маникюр', 'none'],
    ['сорвалась на ребёнка из-за разлитого сока, потом извинилась', 'none'],
    // «уже» after «не могу» is the hour, not «не могу больше»
    ['не могу уснуть уже второй час', 'none'],
  ])('%s → %s', (message, tier) => expect(tierOf(message)).toBe(tier));

  it.each<Row>([
    ['сил больше нет', 'concern'],
    ['не могу больше', 'concern'],
    ['я не справляюсь. ни с чем', 'concern'],
    ['больше нет сил терпеть это всё', 'concern'],
    ['звонила на горячую линию психологической помощи', 'concern'],
    ['может, позвонить в телефон доверия?', 'concern'],
  ])('but %s → %s', (message, tier) => expect(tierOf(message)).toBe(tier));
});

describe('stop 37: what a blind set written for it showed missing (issue 22)', () => {
  it.each<Row>([
    // a need, not a wish
    ['мне надо умереть', 'crisis'],
    ['не надо умирать', 'none'],
    // the short core words with one slip
    ['хчу убть себя', 'crisis'],
    ['хоуч уемреть прям щас', 'crisis'],
    ['хочю убицца', 'crisis'],
    // slang for the act
    ['рипнусь скоро, чё', 'crisis'],
    ['хочу анлайвнуться', 'crisis'],
    // passive wishes said another way round
    ['жить надоело, если честно', 'crisis'],
    ['до весны дожить не хочу', 'crisis'],
    ['жаль что я дожила до этого дня', 'crisis'],
    // «даже» shares the folded key of «дожить»: it is no survival regretted
    ['жаль, что я даже не попыталась поговорить с ним', 'none'],
    ['обидно, что даже спасибо не сказал', 'none'],
    ['каждое утро разочаровываюсь, что проснулась', 'crisis'],
    ['смерть кажется отдыхом, которого я заслужила', 'crisis'],
    // preparations
    ['оформил завещание и переписал квартиру на сестру. больше ничего не держит', 'crisis'],
    ['хочу спрыгнуть с путепровода', 'crisis'],
    // distress asked about
    ['третий день не могу встать с кровати', 'concern'],
    // and their look-alikes
    ['после ночной смены мечтаю только о том, чтобы лечь и не просыпаться часов двенадцать', 'none'],
    ['завтра последний день в офисе, что сказать коллегам в прощальной речи?', 'none'],
    ['убиться веником', 'none'],
    ['Как лучше написать сопроводительное письмо?', 'none'],
    ['пойду убьюсь об стену, я перепутала кабинеты', 'none'],
    ['Зять научил меня пользоваться Госуслугами. Думала, убьюсь, пока разберусь, а оказалось несложно.', 'none'],
    // the second round: preparations, places and means said in more words
    ['Вчера я набрала ванну и долго лежала с лезвием в руке, думала, как это будет.', 'crisis'],
    ['подарила младшей сестре все украшения. мне они уже не понадобятся', 'crisis'],
    ['я на крыше. ветер сильный. смотрю вниз уже полчаса', 'crisis'],
    ['закрыл все дела на работе, передал проекты. жена получит страховку', 'crisis'],
    ['Каждый день проезжаю мимо моста и думаю, что мне уже даже не страшно с него прыгнуть.', 'crisis'],
    ['мне всё равно, проснусь я завтра или нет', 'crisis'],
    ['я устала просыпаться', 'crisis'],
    ['хочу порезаться', 'crisis'],
    ['опять полоски на руке. новая бритва острее старой', 'crisis'],
    ['ЗАДОЛБАЛО ВСЁ СДОХНУ И ТОЧКА', 'crisis'],
    ['хочу погаснуть, как свеча на сквозняке', 'concern'],
    ['хочу стать пылью на подоконнике, которую смахнут тряпкой и забудут', 'concern'],
    ['хочу стать программистом', 'none'],
    ['Плохо сплю после ночных смен. Днём шторы задёргиваю, а всё равно просыпаюсь каждый час.', 'none'],
    ['Всё, ухожу. Написал заявление по собственному. Двадцать лет на одном заводе. Завтра последний день.', 'none'],
  ])('%s → %s', (message, tier) => expect(tierOf(message)).toBe(tier));

  it('reads a laugh as a joke only beside the sign, or when the writer takes the whole back', () => {
    // a laugh elsewhere in a long message is not about the sign
    const bullied =
      'в классе меня все игнорят, а в общем чате ржут над моими фотками. классная говорит что это просто шутки. ' +
      'я уже написала прощальную записку и спрятала в ящик стола. как сделать чтобы меня перевели в другую школу?';
    expect(tierOf(bullied)).toBe('crisis');
    expect(tierOf('Пациентов много, зарплата смешная. Я знаю, сколько нужно, чтобы не проснуться.')).toBe('crisis');
    // beside it, or a laugh alone right after it
    expect(tierOf('хочу умереть лол')).toBe('concern');
    expect(tierOf('хочу умереть. ахахах')).toBe('concern');
    // taken back anywhere
    expect(
      tierOf('Хоть вешайся с этой налоговой, третий раз возвращают декларацию. Ладно, шучу, но правда достали'),
    ).toBe('concern');
    // said to be meant
    expect(tierOf('ахах как же хочется уйти в окно. не, серьёзно, я его уже открыла')).toBe('crisis');
    expect(tierOf('хочу сдохнуть без приколов')).toBe('crisis');
  });

  it.each<readonly [context: string[], message: string, tier: RiskTier]>([
    // passwords left «если что»
    [['нормально всё', 'просто устал'], 'если что, пароль от ноута 4512, там фотки для мамы', 'crisis'],
    // the means found, after distress
    [['мне 14 и меня весь класс ненавидит', 'сегодня опять'], 'я нашла у папы лезвия для бритвы', 'crisis'],
    // an engine left running in a closed garage; a car warmed up is not
    [[], 'посижу в гараже в машине, погреюсь. мотор пусть работает, ворота закрыл', 'crisis'],
    [[], 'зимой прогреваю мотор в гараже, ворота закрыты', 'none'],
    // meeting the dead soon is asked about; a funeral is not
    [['Моя собака умерла месяц назад'], 'Ну ничего, скоро встретимся', 'concern'],
    [[], 'бабушка умерла. скоро увидимся на похоронах с родственниками', 'none'],
    // how far down from a bridge counts only beside another sign
    [[], 'сколько метров до воды с Крымского моста?', 'none'],
    [['я больше не вижу смысла'], 'сколько метров до воды с Крымского моста?', 'crisis'],
  ])('%j, then %s → %s', (context, message, tier) => expect(tierOf(message, context)).toBe(tier));

  it('does not read «вы», «на», «по» at the head of an unknown word as words of their own', () => {
    expect(tierOf('Уже месяц вынашиваю мысль о самоубийстве, а сегодня поняла, что готова.')).toBe('crisis');
    expect(tierOf('хочуумеретьпрямщас')).toBe('crisis');
  });

  it('reads what makes words ordinary beside them, not anywhere in a long message', () => {
    const week =
      'Третий месяц без отпуска, проект горит. Коллега ушла в декрет. Вчера в метро поймала себя на том, что стою ' +
      'у самого края платформы и жду, когда поезд подойдёт ближе, чтобы шагнуть. Потом кое-как доехала до офиса. ' +
      'Как просить начальство о помощи и не выглядеть слабой?';
    expect(tierOf(week)).toBe('crisis');
    expect(tierOf('купила снотворное. врач выписал, по рецепту')).not.toBe('crisis');
  });
});

describe('stop 38: what a fourth blind set showed missing, said in other words (issue 22)', () => {
  it.each<Row>([
    // passive wishes: not getting up again, waking regretted, no wish to be, a life not worth its smoke
    ['так хочется уснуть в сугробе и больше не вставать', 'crisis'],
    ['каждое утро досадно, что опять проснулся', 'crisis'],
    ['нет желания жить', 'crisis'],
    ['какой смысл дальше небо коптить', 'crisis'],
    ['я бы поменялся местами с дедом, которого похоронили в пятницу', 'crisis'],
    ['Следующий год для меня не наступит', 'crisis'],
    ['мне на похороны хватит накоплений?', 'crisis'],
    ['если бы я не проснулся, никто бы и не заметил', 'crisis'],
    // farewells said through others, and a goodbye beside an apology
    ['поцелуйте за меня маму, я больше не могу', 'crisis'],
    ['прости меня, пожалуйста. спасибо за всё и пока', 'crisis'],
    ['спасибо за всё и пока!', 'none'],
    // preparations
    ['переписала завещание и наконец всё закончу', 'crisis'],
    ['все пароли записала сестре, ей потом пригодятся', 'crisis'],
    ['у отца в сейфе ружьё, думаю, одним выстрелом можно решить всё', 'crisis'],
    ['перехожу дорогу и не смотрю по сторонам, если что — судьба', 'crisis'],
    // coded, and said to be meant
    ['пора выйти из чата жизни, без рофлов', 'crisis'],
    ['ливаю из игры под названием жизнь, это не мем', 'crisis'],
    ['хочу стать ангелом, у меня уже есть план', 'crisis'],
    ['снова полоски на запястье', 'crisis'],
    ['опять бьюсь головой о стену до крови', 'crisis'],
    // «покончить собой» without its «с», and typed in pieces
    ['хочу покончить собой', 'crisis'],
    ['по кончить со бой хочу', 'crisis'],
    // and their look-alikes
    ['как вести себя на похоронах коллеги', 'none'],
    ['это последний пост в этом канале, переезжаем в новый', 'none'],
    ['сколько стоит верёвка для альпинизма', 'none'],
    ['бьюсь головой об стену с этой задачей', 'none'],
    ['одним выстрелом двух зайцев', 'none'],
  ])('%s → %s', (message, tier) => expect(tierOf(message)).toBe(tier));

  it('asks, never answers with the crisis reply, a farewell letter to colleagues or a study of self-harm', () => {
    expect(tierOf('последний день на работе, помоги с прощальным письмом коллегам')).not.toBe('crisis');
    expect(tierOf('пишу реферат по профилактике самоповреждений у подростков')).not.toBe('crisis');
  });

  it.each<readonly [context: string[], message: string, tier: RiskTier]>([
    // a question about a means, water, gas or a farewell poem: a sign beside hard words before it, never alone
    [['я больше не могу'], 'сколько стоит верёвка в хозяйственном?', 'crisis'],
    [['сил больше нет'], 'а угарный газ правда без запаха?', 'crisis'],
    [[], 'а угарный газ правда без запаха?', 'none'],
    [['устала от всего'], 'напиши стих на прощание', 'crisis'],
    [[], 'напиши стих на прощание', 'none'],
    // a deed of gift after «никому не нужна»
    [['я никому не нужна'], 'как оформить дарственную на дачу внуку?', 'crisis'],
  ])('%j, then %s → %s', (context, message, tier) => expect(tierOf(message, context)).toBe(tier));
});

describe('stop 38: two development sets written for it, said in other words (issue 22)', () => {
  it.each<Row>([
    // passive wishes: dissolving for good, the night without a morning, an illness met gladly, switching off
    ['мне хочется раствориться в тумане и не возвращаться', 'crisis'],
    ['засыпаю и надеюсь, что завтра не наступит', 'crisis'],
    ['мечтаю, чтобы у меня случился инсульт прямо на совещании', 'crisis'],
    ['врач нашёл опухоль, а я почему-то обрадовалась', 'crisis'],
    ['почему нельзя просто выключиться и больше не включаться', 'crisis'],
    ['скорей бы уже конец', 'crisis'],
    ['хочу за радугу к своему псу', 'crisis'],
    ['хочу как Каренина, станция в десяти минутах', 'crisis'],
    // not being there after a date; the family better off
    ['после выпускного меня уже не будет', 'crisis'],
    ['к Новому году меня уже не будет в живых', 'crisis'],
    ['не станет меня — родители сэкономят', 'crisis'],
    ['до зимы я жить не собираюсь', 'crisis'],
    ['мне больше не надо жить', 'crisis'],
    ['я к пятнице с собой покончу', 'crisis'],
    // means: the only way, a hook that will hold, pills kept to take at once, a rope «для себя»
    ['пистолет в ящике кажется единственным решением', 'crisis'],
    ['смотрю с крыши вниз и думаю, что это решило бы всё', 'crisis'],
    ['посмотрел на крюк в потолке и понял, что он меня выдержит', 'crisis'],
    ['купила верёвку. для себя', 'crisis'],
    ['складываю таблетки в банку, чтобы потом выпить все разом', 'crisis'],
    ['таблетки от давления больше не пью. чем быстрее, тем лучше', 'crisis'],
    ['мне надо порезаться, иначе не усну', 'crisis'],
    ['я прыгну завтра', 'crisis'],
    ['каждый вечер сижу на краю крыши и проверяю, хватит ли смелости шагнуть', 'crisis'],
    // plans cancelled, chances taken, affairs left for afterwards, coming nowhere again
    // plans cancelled as of no use are asked about: «отменила подписку, всё равно не пригодится» is as common
    ['отменила абонемент и курсы английского, всё равно не пригодится', 'concern'],
    ['гоняю без шлема. если что — судьба', 'crisis'],
    ['пароли от почты в конверте на столе, потом разберётесь', 'crisis'],
    ['передайте ребятам, что больше никуда не приду', 'crisis'],
    // coded
    ['отписываюсь от жизни', 'crisis'],
    ['ливаю с сервера под названием жизнь', 'crisis'],
    // a joke someone else supposes is no joke of the writer's
    ['он решил, что я так шучу, а я правда хочу умереть', 'crisis'],
    // and their look-alikes
    ['врач нашёл опухоль, доброкачественную, я так обрадовалась', 'none'],
    ['хочу конец этой истории', 'none'],
    ['выключила телефон на весь вечер и читала книгу', 'none'],
    ['Попробовал роупджампинг с моста, визжал на весь город', 'none'],
    ['Сегодня последний день сдачи квартального отчёта', 'none'],
    ['пью чай и смотрю сериал', 'none'],
    ['не вижу смысла тянуть с ремонтом', 'none'],
    ['ружьё почистил. патроны есть', 'none'],
    ['кто может взять кошку? срочно', 'none'],
  ])('%s → %s', (message, tier) => expect(tierOf(message)).toBe(tier));

  it('does not read a grandchild’s relief at a long illness’s end as a wish', () => {
    expect(tierOf('дедушка долго болел онкологией, когда он умер, я почувствовала облегчение')).not.toBe('crisis');
  });

  it.each<readonly [context: string[], message: string, tier: RiskTier]>([
    [['снова сижу на мосту'], 'всё, пора', 'crisis'],
    [['смысла дальше тянуть не вижу'], 'ружьё почистил. патроны есть', 'crisis'],
    [['я бесполезна'], 'кто может взять кошку? срочно', 'crisis'],
  ])('%j, then %s → %s', (context, message, tier) => expect(tierOf(message, context)).toBe(tier));
});

describe('stop 38: a third development set and a set of hard look-alikes, said in other words (issue 22)', () => {
  it.each<Row>([
    ['я наглотался таблеток полчаса назад', 'crisis'],
    ['хочу закончить свою жизнь', 'crisis'],
    ['я реально себя порешу', 'crisis'],
    ['в руке лезвие, буду резать, пока не перестану чувствовать', 'crisis'],
    ['я не хочу умирать, я просто не хочу быть', 'crisis'],
    ['жить — это обязательно?', 'crisis'],
    ['если бы можно было выключиться насовсем', 'crisis'],
    ['мне бы не просыпаться больше', 'crisis'],
    ['не ищите меня после пятницы', 'crisis'],
    ['ты только не плачь потом', 'crisis'],
    ['это последняя весна, которую я встречаю', 'crisis'],
    ['мне стыдно, что я живой. исправлю', 'crisis'],
    ['до понедельника я не дотяну, и это всех устроит', 'crisis'],
    ['наградной пистолет дома, думаю пустить себе пулю', 'crisis'],
    ['таблетки от сердца перестала пить нарочно, хватит, пожила', 'crisis'],
    ['серьёзно думаю наглотаться чего-нибудь', 'crisis'],
    ['если меня не станет, дети быстро привыкнут', 'crisis'],
    ['маме написала письмо, она найдёт его потом', 'crisis'],
    ['когда мамы не станет, уйду следом', 'crisis'],
    ['попрощаюсь с родителями по-настоящему', 'crisis'],
    ['бросаю работу, таблетки, и жить тоже бросаю', 'crisis'],
    ['хочется шагнуть к краю платформы', 'crisis'],
    ['расписала, кому что отдать после меня', 'crisis'],
    ['купила верёвку и крюк', 'crisis'],
    // typed in pieces, in Latin letters
    ['я пр осто хочу исчез нуть на все гда', 'crisis'],
    ['pojdu na most i prygnu', 'crisis'],
    // told as long ago, and come back
    ['пять лет назад думала о смерти, и сейчас опять эти мысли', 'crisis'],
    // and their look-alikes
    ['руфинг конечно красиво, но я лучше с колеса обозрения фоткать буду', 'none'],
    ['пишу диссертацию, она меня в могилу сведёт. но хочется довести до конца', 'none'],
    ['вчера поступила пациентка после попытки, наблюдаем', 'none'],
    ['порезалась бритвой, пока брила ноги', 'none'],
  ])('%s → %s', (message, tier) => expect(tierOf(message)).toBe(tier));

  it('asks about, never answers with the crisis reply, what is told as long ago or said of a trip or a team', () => {
    expect(tierOf('когда-то резала себя, теперь это в прошлом')).toBe('concern');
    expect(tierOf('не ищите меня, я в горах без связи')).not.toBe('crisis');
    expect(tierOf('скинула мужу все пароли от банков, на всякий случай, у нас так принято')).not.toBe('crisis');
    expect(tierOf('встала на рельсы для фотосессии, поезда там давно не ходят')).not.toBe('crisis');
    expect(tierOf('пишу прощальное письмо команде')).not.toBe('crisis');
  });
});

describe('stop 38: a set of the most indirect risk, said in other words (issue 22)', () => {
  it.each<Row>([
    ['устала быть', 'crisis'],
    ['я просто хочу перестать быть', 'crisis'],
    ['завидую деду на кладбище, ему уже ничего не надо', 'crisis'],
    ['я не против, чтобы стереться совсем', 'crisis'],
    ['засыпаю и надеюсь, что в последний раз', 'crisis'],
    ['хочу уйти в лес и не вернуться', 'crisis'],
    ['может и к лучшему, если не вылечусь', 'crisis'],
    ['мне четырнадцать, а я уже пожила достаточно', 'crisis'],
    ['мне бы как Катерина с обрыва', 'crisis'],
    ['порезалась опять, иначе не успокоиться', 'crisis'],
    ['наверное, это последнее, что я сюда пишу', 'crisis'],
    // stopping pills on purpose alone is asked; with «хватит, пожила» it is the crisis reply (above)
    ['перестал пить таблетки от сердца, специально', 'concern'],
    ['отменила запись к врачу, какая теперь разница', 'concern'],
    ['удаляю аккаунт. не в телеграме, а вообще', 'crisis'],
    ['маме потом скажите, что я её любила', 'crisis'],
    ['им не придётся меня терпеть после пятницы', 'crisis'],
    // and their look-alikes: a boost never counts beside the sign it repeats
    ['верёвки в леруа продают?', 'none'],
    ['а на крышу девятиэтажки сейчас пускают?', 'none'],
    ['какая высота у моста через Волгу?', 'none'],
  ])('%s → %s', (message, tier) => expect(tierOf(message)).toBe(tier));

  it('asks, never answers with the crisis reply, a price of a cremation, passwords sent later, a statistic', () => {
    expect(tierOf('сколько стоит кремация в Екатеринбурге?')).not.toBe('crisis');
    expect(tierOf('пароли от вайфая потом скину')).not.toBe('crisis');
    expect(tierOf('Читала, что за последние годы снизилось число самоубийств. Это правда?')).not.toBe('crisis');
  });

  it.each<readonly [context: string[], message: string, tier: RiskTier]>([
    [['меня никто не любит'], 'верёвки в леруа продают?', 'crisis'],
    [['мне надоело всё'], 'а на крышу девятиэтажки сейчас пускают?', 'crisis'],
    [['я не вижу смысла'], 'какая высота у моста через Волгу?', 'crisis'],
  ])('%j, then %s → %s', (context, message, tier) => expect(tierOf(message, context)).toBe(tier));
});

describe('stop 38: the last development set, said in other words (issue 22)', () => {
  it.each<Row>([
    ['Я стою на крыше.', 'crisis'],
    ['Хочу себе навредить, очень сильно хочу.', 'crisis'],
    ['Мама умерла, и я уйду за ней.', 'crisis'],
    ['как было бы хорошо въехать в отбойник', 'crisis'],
    ['мне в этом мире больше нет места', 'crisis'],
    ['до зимы не собираюсь', 'crisis'],
    ['Передайте сыну, что папа на него не злился.', 'crisis'],
    ['Хочу поставить точку. Окончательную.', 'crisis'],
    ['Хочу обнять рельсы.', 'crisis'],
    ['Хочу к бабушке. Она умерла пять лет назад.', 'crisis'],
    ['ктонибуть астанавите миня я щас прыгну', 'crisis'],
    ['сейчас пойду в ванную и накажу себя', 'crisis'],
    ['Съездила попрощаться с морем. Теперь можно.', 'crisis'],
    // the writer broken, not the washing machine; «придёт» is no «предел»
    ['Опять сломалась стиралка, мастер придёт только в четверг. Бесит.', 'none'],
    // lying down is sleep, not a jump
    ['ну всё, я лягу', 'none'],
    ['я пойду лягу', 'none'],
    ['я лягу сегодня пораньше', 'none'],
    ['если устану, лягу пораньше', 'none'],
    // the narrowed passive rules
    ['хочу уйти с работы и не возвращаться', 'none'],
    ['в этом мире больше нет места доброте', 'none'],
    ['жить тоже бросаю привычку ныть', 'none'],
    ['я уже пожила в Москве достаточно, хочу в Питер', 'none'],
    ['если сдам, прыгну от радости', 'none'],
    ['передайте Свете, что я на неё не злюсь, пусть позвонит', 'none'],
    ['мама умерла, и я уйду за ней ухаживать за садом', 'none'],
  ])('%s → %s', (message, tier) => expect(tierOf(message)).toBe(tier));

  it('asks, never answers with the crisis reply, a moderator, a game, a broken writer', () => {
    expect(tierOf('Я модератор форума. Что делать, если пользователь пишет о планах навредить себе?')).not.toBe(
      'crisis',
    );
    expect(tierOf('Гг самоубился об шипы на первом уровне, я плакал от смеха')).not.toBe('crisis');
    expect(tierOf('я совсем сломалась')).toBe('concern');
    expect(tierOf('засыпаю на ходу, в последний раз так устала в сессию')).not.toBe('crisis');
    expect(tierOf('перестала пить таблетки от аллергии специально, весна кончилась')).not.toBe('crisis');
    expect(tierOf('отменила подписку, всё равно не пригодится')).not.toBe('crisis');
  });
});

describe('stop 39: a development set written for it, said in other words (issue 22)', () => {
  it.each<Row>([
    ['каждую ночь ложусь с надеждой больше не проснуться', 'crisis'],
    ['Молю бога, чтобы забрал меня поскорее', 'crisis'],
    ['Весну я встречать уже не буду', 'crisis'],
    ['Это последняя зима, которую я проживу', 'crisis'],
    ['Скажите маме, что она ни в чём не виновата.', 'crisis'],
    ['Если я перестану писать, значит, у меня получилось.', 'crisis'],
    ['думаю выйти из игры. из настоящей', 'crisis'],
    ['жизнь как игра и я хочу выйти без сохранения', 'crisis'],
    ['хочу минус я', 'crisis'],
    ['Записка уже написана.', 'crisis'],
    ['опять разобрала точилку', 'crisis'],
    ['расцарапала себе руки до крови', 'crisis'],
    ['хочется чего-то посильнее, лезвие в ящике', 'crisis'],
    ['Хожу в рукавах, а сегодня добавила ещё', 'crisis'],
    ['не планирую дожить до лета', 'crisis'],
    ['хотел направить машину в отбойник', 'crisis'],
    ['придумала, как уйду и когда', 'crisis'],
    ['решила, что в пятницу всё закончу', 'crisis'],
    ['хочу проверить, что я ещё что-то чувствую', 'crisis'],
    ['мысли о с/у опять', 'crisis'],
    ['го в окно, я не шучу', 'crisis'],
    ['выход есть, он на 14 этаже', 'crisis'],
    ['скоро. не ищите', 'crisis'],
    ['думаю, как легко было бы шагнуть под поезд', 'crisis'],
    // the guards of the new rules: a sharpener found, a cat's claws, sleeves bought, a report finished
    // an apology for leaving «like this», said alone: a farewell (concern until stop 42's retraining)
    ['Прости, что ухожу вот так.', 'crisis'],
    ['я уже выбрала день.', 'concern'],
    ['хочу проверить, что я ещё что-то чувствую к нему', 'concern'],
    ['Время пришло, пора встречать Новый год!', 'none'],
    // «су» alone is no «с/у»
    ['су шеф сегодня злой', 'none'],
    ['Я решила, что в пятницу всё закончу с отчётом.', 'none'],
    ['придумал, как уйду с работы и когда', 'none'],
    ['разобрала старый пылесос и точилку нашла', 'none'],
    ['я не планирую переезжать до лета', 'none'],
    ['Записка для няни на холодильнике.', 'none'],
    ['купила платье с длинными рукавами, добавила пояс', 'none'],
    ['выход из игры в меню настроек', 'none'],
  ])('%s → %s', (message, tier) => expect(tierOf(message)).toBe(tier));

  it.each<readonly [context: string[], message: string]>([
    [['Моя бабушка умерла.', 'Больше меня никто не любил.'], 'Хочу к ней.'],
    [['Отдал гитару брату.', 'Отдал ноутбук сестре.'], 'Осталось только письмо написать.'],
  ])('%j, then «%s» → crisis', (context, message) => expect(tierOf(message, context)).toBe('crisis'));

  it('never answers a cat’s scratches with the crisis reply (the model may ask)', () => {
    expect(tierOf('кот расцарапал мне руки, когда я его мыла')).not.toBe('crisis');
  });

  it('does not ask a joyful message after the burnout tile (the model trained on M and N did: the chat e2e)', () => {
    const joy = 'Сегодня у меня получилось закончить большой проект, я горжусь собой';
    expect(tierOf(joy, ['Усталость и выгорание'])).toBe('none');
  });
});

describe('stop 39: a second development set, said in other words (issue 22)', () => {
  it.each<Row>([
    ['есть план, как покончить с этим, сделаю в субботу', 'crisis'],
    ['выпил много таблеток специально', 'crisis'],
    ['скопила снотворное за месяц', 'crisis'],
    ['сегодня сдаюсь окончательно', 'crisis'],
    ['больше меня тут ничего не держит', 'crisis'],
    ['нашёл крышу без замка, теперь знаю, куда идти', 'crisis'],
    ['я в окно, реально', 'crisis'],
    ['завтра проверю гравитацию с крыши', 'crisis'],
    ['🐋 осталось последнее задание', 'crisis'],
    ['удаляю аккаунт, но не в соцсети, а в реале', 'crisis'],
    ['порезалась. специально', 'crisis'],
    ['нож острый, вечером проверю, правда ли не больно', 'crisis'],
    ['под рукавами свежие порезы', 'crisis'],
    ['нагрела ложку и приложила к руке', 'crisis'],
    ['царапаю кожу ногтями до крови', 'crisis'],
    ['яхочу умереть', 'crisis'],
    ['какой от меня толк', 'concern'],
    ['сижу на шее у родителей', 'concern'],
    ['устала надеяться', 'concern'],
    ['не знаю, сколько ещё выдержу', 'concern'],
    ['никто не будет искать до понедельника', 'crisis'],
    // the guards: a physics lesson, an apple and a match (no glued «я»/«и»), sleeves bought, keys found, a puzzle
    ['проверю гравитацию на уроке физики', 'none'],
    ['яблоко упало с ветки', 'none'],
    ['исход матча решён', 'none'],
    ['купила рукава для платья', 'none'],
    ['никто не будет искать ключи до понедельника, я их нашла', 'none'],
    ['скопила денег на отпуск', 'none'],
    ['сдаюсь, окончательно запутался в этой задаче', 'none'],
  ])('%s → %s', (message, tier) => expect(tierOf(message)).toBe(tier));
});

describe('the old test lists (tests/server/chat-safety-sets.ts) read as before', () => {
  it.each([...DIRECT, ...VAGUE, ...CODED])('%s → crisis', (message) => expect(tierOf(message)).toBe('crisis'));
  it.each([...BENIGN])('%s → not the crisis reply', (message) => expect(tierOf(message)).not.toBe('crisis'));
});

describe('the verdict', () => {
  it('names the strongest signal and its kind, a score and the signs; nothing for an ordinary message', () => {
    expect(assessRisk('хочу выпилиться')).toMatchObject({
      tier: 'crisis',
      risk: true,
      signal: { id: 'suicide-named', kind: 'direct' },
      score: 10,
      signs: ['suicide'],
    });
    expect(assessRisk('всем будет лучше без меня').signal).toEqual({ id: 'burden', kind: 'vague' });
    expect(assessRisk('Добрый вечер')).toEqual({ tier: 'none', risk: false, score: 0, signs: [] });
    expect(new Set(SIGNALS.map((s) => s.id)).size).toBe(SIGNALS.length);
  });

  it('signalsRisk is true when any text is a crisis', () => {
    expect(signalsRisk(null, '', 'сегодня был хороший день')).toBe(false);
    expect(signalsRisk('Запись', 'мне всё надоело, хочу умереть')).toBe(true);
    expect(signalsRisk('не вижу смысла')).toBe(false); // a concern is not a crisis
  });
});

describe('stop 40: self-harm told by its marks, tools and secrecy, said in other words (issue 22)', () => {
  it.each<Row>([
    ['щипаю себя за руки до синяков, когда мама кричит', 'crisis'],
    ['расковыряла ранку на коленке до мяса, хочу чтобы болело', 'crisis'],
    ['кусаю запястье до крови когда накатывает паника', 'crisis'],
    ['тушила сигарету о свое бедро, теперь там пятно', 'crisis'],
    ['под джинсами никто не видит новые шрамы', 'crisis'],
    ['заклеиваю ноги пластырями каждое утро, сказала маме что упала с велика, а это я порезы прячу', 'crisis'],
    ['лезвие снова пошло в ход, на плече, под футболкой не видно', 'crisis'],
    ['полгода была чистая и вот сегодня обнулилась, лезвием по бедру', 'crisis'],
    ['специально голодаю третий день, чтобы наказать себя за срыв', 'crisis'],
    ['морю себя голодом, потому что заслужила', 'crisis'],
    ['колочу себя кулаком по ноге, пока внутри не станет тише', 'crisis'],
    ['свежие полосы на предплечье, ношу кофту даже в жару', 'crisis'],
    ['хочу исполосовать себе руки, чтобы хоть что-то почувствовать', 'crisis'],
    ['когда больно снаружи, внутри не так страшно', 'crisis'],
    ['ковыряю старые шрамы, не даю им зажить', 'crisis'],
    ['бьюсь головой о стену, пока не успокоюсь', 'crisis'],
  ])('%s → %s', (message, tier) => {
    expect(tierOf(message)).toBe(tier);
  });

  it.each<Row>([
    ['кот расцарапал мне руки до крови, пока я его купала', 'none'],
    ['расчесала укусы комаров на ногах до крови, чешется ужасно', 'none'],
    ['на тренировке по боксу набила синяки, специально работали в полный контакт', 'none'],
    ['прячу синяк тоналкой, ударилась о дверцу шкафа', 'none'],
    ['голодаю специально, интервальное голодание, минус три кило', 'none'],
    ['вчера сдавала кровь из вены, специально не завтракала', 'none'],
    ['сделала тату на предплечье, заклеила плёнкой, чтобы не было видно пока заживает', 'none'],
    ['свежие швы после операции на животе чешутся', 'none'],
    ['сердце колотится, не могу успокоиться перед собеседованием', 'none'],
    ['стучу пальцами по столу, чтобы успокоиться перед экзаменом', 'none'],
    ['тушу овощи специально подольше, чтобы были мягче', 'none'],
    ['Дети вырастут и будут жить своей жизнью, это нормально', 'none'],
  ])('a look-alike of the same words: %s → %s', (message, tier) => {
    expect(tierOf(message)).toBe(tier);
  });
});
describe('self-harm in other words: tools at hand, relapse, punishment, pain wanted (issue 22)', () => {
  it.each<Row>([
    ['опять чиркаю по запястью, пока все спят', 'crisis'],
    ['хочу, чтобы было больно, по-другому не успокоюсь', 'crisis'],
    ['луплю себя ремнём по ногам, так легче', 'crisis'],
    ['в кармане лезвие, хочется прямо сейчас', 'crisis'],
    ['после года без порезов опять сорвалась, всё насмарку', 'crisis'],
    ['сорвалась после четырёх месяцев, рукав снова в крови', 'crisis'],
    ['не ем второй день, заслужила', 'crisis'],
    ['за каждую четвёрку наказываю себя: без еды до утра', 'crisis'],
    ['вырываю себе ресницы, когда накрывает, и не могу остановиться', 'crisis'],
    ['хочу боли, чтобы заглушить то, что внутри', 'crisis'],
    ['мне нужно что-то почувствовать, зажигалка под рукой', 'crisis'],
  ])('%s → %s', (message, tier) => {
    expect(tierOf(message)).toBe(tier);
  });

  it.each<Row>([
    ['пристегнулась ремнём и поехали на дачу', 'none'],
    ['сорвалась с брусьев на тренировке, локти в крови', 'none'],
    ['колочу подушку, когда злюсь, и сразу спокойнее', 'none'],
    ['вырываю седые волосы пинцетом, пока не видит муж', 'none'],
    ['пролила кипяток на руку, пока заваривала чай, волдырь', 'none'],
    ['перед гастроскопией не ем со вчерашнего вечера', 'none'],
    ['хожу в кофте с длинными рукавами, потому что холодно', 'none'],
    ['старые шрамы на руках, это было давно', 'none'],
  ])('a look-alike of the same words: %s → %s', (message, tier) => {
    expect(tierOf(message)).toBe(tier);
  });
});
describe('the normaliser', () => {
  const russian = (text: string) => normalizeMessage(text).russian;

  it('folds Latin look-alikes and digits inside Cyrillic words, and Latin look-alike words among Cyrillic ones', () => {
    expect(russian('yмepeть')).toBe('умереть');
    expect(russian('c0бой')).toBe('собой');
    expect(russian('ХOЧУ')).toBe('хочу');
    expect(russian('пoкoнчить c coбoй')).toBe('покончить с собой');
  });

  it('transliterates words written wholly in Latin letters', () => {
    expect(russian('ne hochu zhit')).toBe('не хочу жит');
    expect(russian('pokonchit s soboy')).toBe('покончит с собой');
  });

  it('joins spaced-out letters and letters split by punctuation; drops invisible characters', () => {
    expect(russian('у м е р е т ь')).toBe('умереть');
    expect(russian('х о ч у   у м е р е т ь')).toBe('хочу умереть');
    expect(russian('с.у.и.ц.и.д')).toBe('суицид');
    // a full stop typed without a space between words ends a sentence; it joins single letters only (stop 48)
    expect(russian('хочу убить себя.серьезно.не отговаривайте')).toBe('хочу убить себя . серьезно . не отговаривайте');
    expect(russian('у.м.е.р.е.т.ь')).toBe('умереть');
    expect(russian('с-у-и-ц-и-д')).toBe('суицид');
    expect(russian('су\u200bи\u00adцид')).toBe('суицид');
    expect(russian('я и в')).toBe('я и в'); // three single letters stay words
  });

  it('folds ё, жы/шы and repeated letters; keeps sentence ends, an ellipsis goes on', () => {
    expect(russian('Умерееееть')).toBe('умереть');
    expect(russian('жыть')).toBe('жить');
    expect(russian('счёты')).toBe('счеты');
    expect(russian('исчезну, никто')).toBe('исчезну никто');
    expect(russian('Прощайте. Всё')).toBe('прощаите . все'.replace('прощаите', 'прощайте'));
    expect(russian('навсегда... из')).toBe('навсегда из');
  });

  it('keeps emoji as words of their own', () => {
    expect(russian('хочу💀')).toBe('хочу 💀');
    expect(russian('☠️')).toBe('☠');
  });

  it('reads a message typed in the wrong keyboard layout through ЙЦУКЕН; not a Cyrillic one', () => {
    expect(normalizeMessage('[jxe evthtnm').layout).toBe('хочу умереть');
    expect(normalizeMessage('Z yt [jxe ;bnm/').layout).toBe('я не хочу жить .');
    expect(normalizeMessage('хочу умереть').layout).toBeNull();
  });
});

describe('everyday words are read as themselves, not one edit into a sign (stop 47)', () => {
  const shipped = new Lexicon(CONCEPT_ENTRIES);
  // Each was read with the tag on its right by one edit: «перед» as a ledge, «бывает» as killing, «поездка» as a
  // train's track, «ребёнка» as a rubber band, «отправили» as poisoned.
  it.each([
    ['перед', 'LEDGE'],
    ['бывает', 'KILL'],
    ['десять', 'HEIGHT'],
    ['полчаса', 'STRIPES'],
    ['коробки', 'INJURY'],
    ['поездка', 'TRACK'],
    ['ребёнка', 'TOOLSH'],
    ['отправили', 'POISON'],
  ])('%s is not %s', (word, tag) => expect(shipped.tags(word)).not.toContain(tag));
});

describe('the word reader', () => {
  const lexicon = new Lexicon({ DIE: ['умереть', 'умру'], VEINS: ['=вены'], PLAN: ['план'], SELF: ['собой'] });
  const tags = (word: string) => [...lexicon.tags(word)];

  it('meets a word in its other forms through the stemmer', () => {
    expect(wordKey('таблетками')).toBe(wordKey('таблетки'));
    expect(wordKey('смерти')).toBe(wordKey('смерть'));
    expect(wordKey('повеситься')).not.toBe(wordKey('повесить')); // the reflexive is kept apart
  });

  it('folds the vowels people misspell', () => {
    expect(wordKey('хачу')).toBe(wordKey('хочу'));
    expect(tags('умиреть')).toEqual(['DIE']);
    expect(tags('сабой')).toEqual(['SELF']);
  });

  it('allows one edit on words of five letters or more', () => {
    expect(tags('умерть')).toEqual(['DIE']); // a letter dropped
    expect(tags('умеррреть')).toEqual(['DIE']); // doubled
    expect(tags('умкреть')).toEqual(['DIE']); // a neighbour on the keyboard
    expect(tags('умру')).toEqual(['DIE']);
    expect(tags('плач')).toEqual([]); // a short stem is not one edit from «план»
  });

  it('reads one slip in a short core word (`+word`): a letter dropped or two neighbours swapped', () => {
    const core = new Lexicon({ WANT: ['+хочу'], PLAN: ['план'] });
    expect([...core.tags('хчу')]).toEqual(['WANT']);
    expect([...core.tags('хоуч')]).toEqual(['WANT']);
    expect([...core.tags('хо')]).toEqual([]); // two letters are no word
    expect([...core.tags('хучо')]).toEqual([]); // not neighbours
    expect([...core.tags('пан')]).toEqual([]); // only the core words
  });

  it('matches a `=word` entry only as spelled', () => {
    expect(tags('вены')).toEqual(['VEINS']);
    expect(tags('вина')).toEqual([]);
  });

  it('has no tag without entries, and every concept has words', () => {
    expect(tags('погода')).toEqual([]);
    for (const words of Object.values(CONCEPTS)) expect(words.trim()).not.toBe('');
  });

  it('reads every tag the rules name: a concept of the lexicon, or a mark of the reader', () => {
    const known = new Set([...Object.keys(CONCEPTS), 'NEG', 'PAST', 'NUMBER']);
    const named = SIGNALS.flatMap((s) => [...s.match, s.unless ?? ''].flatMap((p) => p.match(/[A-Z_]{2,}/g) ?? []));
    expect(named.filter((tag) => !known.has(tag))).toEqual([]);
  });
});

describe('several messages as the chat reads them (bench/safety/metrics.ts asTheChatReads)', () => {
  const chat = (context: string[], text: string) =>
    asTheChatReads({ id: 't', text, context, label: 'crisis', category: 'multi' });

  it('counts a crisis reply given a message earlier', () => {
    expect(chat(['хочу умереть'], 'спасибо, мне уже лучше')).toBe('crisis');
  });

  it('reads the answer to the screening question as an answer: a yes is the crisis reply, a no ends the question', () => {
    expect(chat(['не вижу смысла ни в чём'], 'да, бывают')).toBe('crisis');
    expect(chat(['не вижу смысла ни в чём'], 'нет, такого нет')).toBe('concern');
  });

  it('is an ordinary conversation when no turn signals anything', () => {
    expect(chat(['привет'], 'как дела?')).toBe('none');
  });
});

describe('the eval set (bench/safety/eval.jsonl, written without seeing the detector)', () => {
  const report = evaluate(readSet(join(__dirname, '../../bench/safety/eval.jsonl')));

  it('has at least 600 Russian messages over the issue’s categories', () => {
    const categories = [...report.byCategory.keys()];
    expect(report.total.risk + report.total.none).toBeGreaterThanOrEqual(600);
    for (const category of ['direct', 'passive', 'indirect', 'coded', 'misspelt', 'layout', 'multi', 'grief'])
      expect(categories).toContain(category);
    for (const category of ['hyperbole', 'medicine', 'heights-hobby', 'quitting', 'leaving'])
      expect(categories).toContain(category);
  });

  it('raises false alarms (the crisis reply) on at most 3 % of the look-alikes', () => {
    expect(share(report.total.falseAlarms, report.total.none)).toBeLessThanOrEqual(0.03);
  });

  it('escalates at least 99 % of the risk messages enough', () => {
    const missed = report.misses.map((m) => `${m.item.id} → ${m.tier}`);
    expect(share(report.total.caught, report.total.risk), missed.join('\n')).toBeGreaterThanOrEqual(0.99);
  });
});
