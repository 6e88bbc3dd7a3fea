// The detector's statistical layer (contract/safety/model.ts, docs/safety-detector.md «The model»): phrasings written
// here for this test — not taken from the training data — read as a crisis by kind, everyday look-alikes left
// alone, and the shipped weights trained from the data, script and detector as they are, by a training that repeats
// its bytes.
import { describe, expect, it } from 'vitest';
import { assessByRules, assessRisk, modelEvidence, modelInput, passagesScore } from '../../contract/safety/detect';
import { headScore, shippedModel } from '../../contract/safety/model';
import { MODEL_INPUTS } from '../../contract/safety/model-weights';
import { modelInputs, TRAIN_FILES, trainSafetyModel } from '../../scripts/train-safety';

const RISK: ReadonlyArray<readonly [kind: string, message: string]> = [
  ['direct', 'я правда больше не вижу причин продолжать жить дальше, хочу закончить'],
  ['direct', 'всё обдумала и решила уйти из жизни на этой неделе'],
  ['passive', 'было бы лучше, если бы я однажды утром просто не проснулась'],
  ['passive', 'иногда думаю, что если бы меня сбила машина, всем стало бы проще'],
  ['indirect', 'раздала подругам свои книги и пристроила кота, мне это всё больше не понадобится'],
  ['indirect', 'написала всем близким письма, чтобы они не винили себя, когда меня не станет'],
  ['indirect', 'все вокруг только устают от меня, без меня им правда будет легче жить'],
  ['coded', 'накопила достаточно таблеток, чтобы однажды уснуть и уже не просыпаться'],
  ['coded', 'сегодня долго стояла на мосту и смотрела вниз, в этот раз почти решилась'],
  ['misspelt', 'я болше не хачу жыть, устала ат всиго, хачу чтоб всё кончилось'],
  ['misspelt', 'думаю пакончить с сабой, никаво ни осталось кто бы заметил'],
];

const EVERYDAY: readonly string[] = [
  'умираю со смеху с этого видео про котов, пересматриваю уже третий раз',
  'бабушка умерла год назад, сегодня всей семьёй вспоминали её пироги',
  'выпила две таблетки от головной боли после работы, стало намного легче',
  'в выходные полезем с друзьями на крышу смотреть закат над городом',
  'хочу уйти с работы и наконец открыть свою маленькую кофейню',
  'бросила курить месяц назад и держусь, хотя иногда очень тянет',
  'раздала старые детские вещи соседке, у неё как раз родилась дочка',
  'прочитала детектив, где убийцу нашли только в последней главе',
  'собираю вещи в командировку, завтра рано утром улетаю в Казань',
  'подруга рассказала, что у неё депрессия, как мне её поддержать?',
];

/** A few words each: the model reads them too (docs/decisions/0270), and must not take them for a crisis. */
const SHORT_EVERYDAY: readonly string[] = [
  'хочу уйти с работы',
  'устала, пойду спать',
  'всем спасибо, до завтра',
  'убить бы этот дедлайн',
  'последний день отпуска(',
];

/** Hopelessness, worthlessness, entrapment, no mention of death: the screening question is due (concern). */
const CONCERN: readonly string[] = [
  'не знаю, зачем я вообще стараюсь, всё равно ничего не выходит',
  'кажется, что лучше уже никогда не будет, как ни старайся',
  'внутри пусто уже который месяц, и ничего не радует',
  'я застряла в этой жизни, и выхода я не вижу',
  'какой смысл что-то менять, если всё повторяется по кругу',
  'я ни на что не гожусь, все давно это поняли',
  'будущего у меня нет, есть только эти серые дни',
  'устала притворяться, что справляюсь, сил больше никаких',
  'мне кажется, никто даже не заметит, если я перестану писать',
  'я сдалась, бороться дальше не вижу смысла',
];

const overThreshold = (message: string) =>
  modelEvidence(message, [], assessByRules(message)).crisis >= shippedModel().threshold;

describe('unseen phrasings of risk', () => {
  it.each(RISK)('%s: «%s» → crisis', (_kind, message) => {
    expect(assessRisk(message).tier).toBe('crisis');
  });

  it('are read as a crisis by the model on its own, at least 8 of the 11', () => {
    expect(RISK.filter(([, message]) => overThreshold(message)).length).toBeGreaterThanOrEqual(8);
  });

  it('raise the verdict with the sign `model` where the rules read less', () => {
    const message = 'было бы лучше, если бы я однажды утром просто не проснулась';
    const verdict = assessRisk(message);
    expect(verdict.tier).toBe('crisis');
    expect(verdict.signs).toContain('model');
  });
});

describe('the concern head', () => {
  const concernOver = (message: string) =>
    modelEvidence(message, [], assessByRules(message)).concern >= shippedModel().concern.threshold;

  it.each(CONCERN)('«%s» → the screening question, not the crisis reply', (message) => {
    expect(assessRisk(message).tier).toBe('concern');
  });

  it('reads hopelessness on its own, at least 8 of the 10', () => {
    expect(CONCERN.filter(concernOver).length).toBeGreaterThanOrEqual(8);
  });

  it('raises an ordinary verdict to concern with the sign `model-concern` where the rules read nothing', () => {
    const message = 'я ни на что не гожусь, все давно это поняли';
    expect(assessByRules(message).tier).toBe('none');
    expect(assessRisk(message)).toMatchObject({ tier: 'concern', risk: false, signs: ['model-concern'] });
  });

  it('asks none of the everyday look-alikes', () => {
    expect([...EVERYDAY, ...SHORT_EVERYDAY].filter(concernOver)).toEqual([]);
  });

  it.each([
    'Сегодня всё получилось, я так рада!',
    'За что я могу себя поблагодарить?',
    'это не аудио, а текст',
    'Пауза. Продолжите, когда будете готовы.',
  ])('leaves a few plain words alone (CONCERN_MIN_WORDS): «%s»', (message) => {
    expect(assessRisk(message).tier).toBe('none');
  });
});

describe('everyday look-alikes', () => {
  it.each(EVERYDAY)('«%s» → none', (message) => {
    expect(assessRisk(message).tier).toBe('none');
  });

  it('are not over the model’s threshold, none of them', () => {
    expect(EVERYDAY.filter(overThreshold)).toEqual([]);
  });
});

describe('the model in context', () => {
  it.each(SHORT_EVERYDAY)('leaves a short everyday message ordinary: «%s»', (message) => {
    expect(assessRisk(message).tier).toBe('none');
  });

  it('keeps an ordinary message after a risk message ordinary', () => {
    const context = ['иногда думаю, что если бы меня сбила машина, всем стало бы проще'];
    expect(assessRisk('ладно, пойду приготовлю ужин и посмотрю какой-нибудь фильм', context).tier).toBe('none');
  });
});

describe('a long message, read a passage at a time', () => {
  const model = shippedModel();
  const wholeScore = (message: string) => headScore(model.head, modelInput(message, [], model.bits));
  const day =
    'С утра опоздала на автобус и пришлось ехать на такси, водитель всю дорогу слушал радио. На работе завал, отчёт ' +
    'опять вернули на доработку, заказчик передумал в третий раз, начальник ушёл на обед. Вечером забрала сына из ' +
    'сада, он капризничал всю дорогу, а дома свекровь опять выясняла, почему мы не приехали в воскресенье на дачу. ' +
    'Сижу на кухне и думаю, что проще всего было бы больше никогда не открывать глаза. Ладно, пойду гладить ему ' +
    'рубашку на завтра, а потом ещё посуду домою и позвоню маме. В субботу у него утренник в саду, надо докупить ' +
    'ткань на костюм зайца, ленточки и белые колготки. Потом ещё к стоматологу записаться, зуб ноет вторую неделю.';

  it('finds the one sentence of risk that the whole message’s reading dilutes', () => {
    expect(assessByRules(day).tier).toBe('none');
    expect(wholeScore(day)).toBeLessThan(model.threshold);
    expect(passagesScore(day, model)).toBeGreaterThanOrEqual(model.threshold);
    expect(assessRisk(day).tier).toBe('crisis');
  });

  it.each([
    'Переехали в новую квартиру, коробки ещё не разобраны. Соседи сверху делают ремонт с восьми утра. Кот прячется ' +
      'под диваном второй день. Но вид с балкона на реку просто потрясающий, стою и смотрю вниз на набережную. ' +
      'Завтра позову друзей на новоселье.',
    'Сессия закрыта, последний экзамен сдала на четыре. Соседка по общаге уехала домой на каникулы. В комнате тихо, ' +
      'впервые за полгода можно выспаться. Думаю, на этой неделе схожу в кино и наконец разберу шкаф. Мама зовёт ' +
      'домой на выходные.',
  ])('leaves a long ordinary message ordinary, passage by passage: «%s»', (message) => {
    expect(passagesScore(message, model)).toBeLessThan(model.threshold);
    expect(assessRisk(message).tier).toBe('none');
  });

  it('reads only a message of LONG_MESSAGE_SENTENCES sentences or more that way', () => {
    expect(passagesScore('Сижу на кухне одна. Думаю, что проще было бы не открывать глаза.', model)).toBe(-Infinity);
  });
});

// Retraining the whole model here took about 50 s of CPU, the most of any unit test: instead the weights carry a digest
// of what they were trained from (as real-words.ts does), and the training's determinism is checked on three files.
describe('the training script', () => {
  it('trained the shipped weights from the data, script and detector as they are (else: npm run train:safety)', () => {
    expect(MODEL_INPUTS).toBe(modelInputs());
  });

  it('writes the same file byte for byte from the same data (three small files, each a fold)', () => {
    const files = ['t22', 't23', 't26'].map((name) => `bench/safety/train/${name}.jsonl`);
    expect(files.every((file) => TRAIN_FILES.includes(file))).toBe(true);
    const first = trainSafetyModel(files);
    expect(first.readings.length).toBeGreaterThan(0);
    expect(Number.isFinite(first.thresholds.crisis)).toBe(true);
    expect(trainSafetyModel(files).module).toBe(first.module);
  });
});
