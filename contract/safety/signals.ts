// The warning signs of suicide and self-harm the detector weighs, after the signs suicide-prevention guides list
// (direct statements; being a burden; farewells and finality; preparations; a height or a track; a plan or a date;
// hopelessness; self-harm), each as rules over concepts (lexicon.ts) in the syntax of rules.ts.
//
// Weights: a sign of CRISIS weight alone is a crisis; a weaker one alone is a concern (the screening question);
// different signs add up, in one message and across the person's last few messages (detect.ts). A sign counts once,
// at its strongest rule. A boost (a date, «никому не говорите») counts only beside another sign.
// `unless`: tags that, anywhere in the message, make the words ordinary («купила снотворное по рецепту врача»):
// the rule then weighs `damped` (default nothing).

export type SignalKind = 'direct' | 'vague' | 'coded';

export interface Signal {
  id: string;
  kind: SignalKind;
  /** The warning sign it is evidence of. */
  sign: string;
  weight: number;
  /** Patterns (rules.ts); any one matching is the signal. */
  match: readonly string[];
  unless?: string;
  damped?: number;
  /** Counts only beside another sign. */
  boost?: boolean;
  /**
   * The act is a person's own (dying, a method, self-harm): said of someone else («брат покончил с собой»,
   * «подруга режет руки») it weighs CONCERN at most — a loss or a worry, asked about gently.
   */
  own?: boolean;
}

/** At this score the crisis reply is due. */
export const CRISIS = 10;
/** At this score the assistant asks the screening question. */
export const CONCERN = 4;

const NO = 'NONE/NEG/NOTHING'; // «нет», a negated word, «ничего»
const LIVING = 'LIVE-NEG !WITH/INTO/WITHOUT/FROM'; // to live, not «жить с родителями», «в этом городе», «без кофе»
const PLACE_GAP = '-WITH-INTO-FROM-WITHOUT-OTHER'; // words between that do not name a place or a person
const MEANS = 'PILLS/ROPE/BLADE/POISON/GUN';

export const SIGNALS: readonly Signal[] = [
  // ---- direct: a wish, intent or plan to die; the act named; self-harm ------------------------------------------
  {
    id: 'wish-to-die',
    kind: 'direct',
    sign: 'death-wish',
    weight: CRISIS,
    own: true,
    match: [
      'WANT-NEG ~3 DIE-NEG/DEATH-NEG',
      'DIE-NEG ~2 WANT-NEG',
      'INTENT-NEG ~2 DIE-NEG',
      'PREFER-NEG ~2 DIE-NEG',
      'DEATH ~3 PREFER',
      'WAIT ~3 DIE/DEATH',
      'THINK-NEG ~2 DEATH/DIE-NEG !OTHER',
      'LET ~2 I ~2 DIE-NEG/DIED',
      'LET DIE-NEG',
      'FUTURE ~3 DEATH/DIE-NEG',
      'SOON DEATH',
      'MY/OWN ~1 FUNERAL',
      'REST ~2 FOREVER',
      'FOREVER REST',
    ],
  },
  {
    id: 'wish-not-to-live',
    kind: 'direct',
    sign: 'death-wish',
    weight: CRISIS,
    own: true,
    match: [
      `WANT+NEG ~3 ${LIVING}`,
      'WANT+NEG ~3 LIVE ~2 WORLD',
      `LIVE ~2${PLACE_GAP} WANT+NEG`,
      'WANT ~2 LIVE+NEG',
      'WANT ~1 BE+NEG $',
      'MORE LIVE+NEG !WITH/INTO/FROM',
      `CAN+NEG ~2 ${LIVING}`,
      `LIVE ~2${PLACE_GAP} CAN+NEG`,
      `STOP ~1 ${LIVING}`,
    ],
  },
  {
    id: 'would-rather-not-be',
    kind: 'direct',
    sign: 'death-wish',
    weight: CRISIS,
    match: [
      'PREFER WOULD I ~1 DIED/BORN+NEG/BE+NEG',
      'I ~2 DIE-NEG/DIED/WAKE+NEG ~5 PREFER',
      'REGRET ~2 BORN-NEG',
      'WHY ~2 BORN',
    ],
  },
  {
    id: 'kill-myself',
    kind: 'direct',
    sign: 'suicide',
    weight: CRISIS,
    own: true,
    match: [
      'KILL-NEG SELF',
      'SELF KILL-NEG',
      'END-NEG ~1 WITH SELF/OWN/LIVE',
      'END-NEG LIVE',
      'END-NEG WITH ALL IT? $',
      'DO-NEG ~2 WITH SELF',
      'WITH SELF ~2 DO-NEG',
    ],
  },
  {
    id: 'suicide-named',
    kind: 'direct',
    sign: 'suicide',
    weight: CRISIS,
    own: true,
    unless: 'MEDIA',
    damped: CONCERN,
    match: [
      'SUICIDE-NEG !FROM',
      'SUICIDE FROM LIVE/WORLD',
      'WANT/DO/INTENT/THINK ~2 RKN',
      'LEAVE ~1 FROM ~1 LIVE',
      'DISAPPEAR/LEAVE ~2 WORLD',
    ],
  },
  {
    id: 'method',
    kind: 'direct',
    sign: 'method',
    weight: CRISIS,
    own: true,
    match: [
      'METHOD-NEG',
      'WANT/INTENT/HOW ~2 POISONSELF',
      'CUT-NEG ~2 VEINS',
      'OVERDOSE ~2 PILLS',
      'SWALLOW-NEG ~2 MANY ~3 PILLS',
      'JUMP-NEG ~2 FROM/INTO ~1 HEIGHT',
      'FROM/INTO HEIGHT ~2 JUMP-NEG',
      'HEIGHT ~8 WANT/THINK/INTENT ~1 JUMP-NEG',
      'WANT/THINK/INTENT ~1 JUMP-NEG ~8 HEIGHT',
      'JUMP-NEG ~2 UNDER/INTO ~1 TRACK',
      'INTO RAILS',
      'EXIT/LEAVE ~1 INTO/FROM HEIGHT',
      'LET ~3 TRACK/I ~2 KNOCK',
      'ROPE ~2 ROPE',
      'THINK ~2 ROPE',
      'WANT ROPE',
    ],
    unless: 'ORDINARY HOBBY',
    damped: CONCERN,
  },
  {
    id: 'method-seeking',
    kind: 'direct',
    sign: 'method-seeking',
    weight: CRISIS,
    match: [
      'HOW ~2 DIE-NEG/SUICIDE/METHOD/POISONSELF',
      'HOW ~2 KILL SELF',
      'HOW ~2 END ~1 WITH SELF/LIVE',
      'HOW ~2 LEAVE ~1 FROM ~1 LIVE',
      'LETHAL ~2 DOSE',
      'DOSE ~3 LETHAL',
      'HOWMUCH ~3 PILLS ~4 LETHAL/DIE/WAKE+NEG',
      'HOWMUCH ~2 HEIGHT ~4 JUMP/DIE/LETHAL',
      'HOWMUCH HEIGHT ~4 DIE/LETHAL',
      'PILLS ~3 LETHAL',
      'WHERE ~2 BUY ~2 POISON/GUN',
    ],
  },
  {
    id: 'self-harm',
    kind: 'direct',
    sign: 'self-harm',
    weight: CRISIS,
    own: true,
    match: [
      'CUT-NEG/HIT-NEG ~1 SELF',
      'SELF ~1 CUT-NEG/HIT-NEG',
      'CUT-NEG ~2 BODY',
      'SELFHARM-NEG !INTO',
      'CUTSELF ~2 ON_PURPOSE',
      'ON_PURPOSE ~2 CUTSELF',
      'CAUSE ~1 SELF ~1 PAIN/WOUND',
      'WANT ~2 FEEL ~1 PAIN',
      'WOUND ~4 SELF ~2 CAUSE',
    ],
    unless: 'ACCIDENT',
  },
  {
    id: 'self-harm-hint',
    kind: 'vague',
    sign: 'self-harm',
    weight: 6,
    own: true,
    match: ['CUTSELF', 'WOUND ~2 BODY'],
    unless: 'ACCIDENT',
  },

  // ---- vague: passive wishes, burden, finality, preparations, hopelessness --------------------------------------
  {
    id: 'passive-wish',
    kind: 'vague',
    sign: 'passive-wish',
    weight: CRISIS,
    match: [
      `TIRED ~3 ${LIVING}`,
      `${NO} ~1 STRENGTH ~1 ${LIVING}`,
      'STRENGTH LIVE ~1 NONE',
      `${NO} ~2 MEANING ~3 ${LIVING}`,
      `${NO} ~2 MEANING ~3 WAKE`,
      `LIVE ~3 ${NO} ~1 MEANING`,
      'LIVE ~2 MEANINGLESS',
      `WHY ~3 ${LIVING}`,
      'LIVE ~2 WHY',
      'SLEEP ~3 WAKE+NEG',
      'SLEEP ~1 FOREVER',
      'WANT/PREFER/LET ~3 WAKE+NEG',
      'WANT+NEG ~2 WAKE !INTO/ON',
      'LET/WANT/PREFER ~2 I ~2 BE+NEG',
      'SOON ~2 I ~1 BE+NEG $',
      'I ~2 BE+NEG $',
      'I ~1 BE+NEG ~2 WORLD',
      'DISAPPEAR/LEAVE ~2 FOREVER !FROM',
      'NOBODY/NOTHING ~2 HOLD ~3 LIVE/WORLD/HERE',
    ],
  },
  {
    id: 'nobody-will-notice',
    kind: 'vague',
    sign: 'burden',
    weight: CRISIS,
    match: ['NOBODY ~3 NOTICE ~4 DISAPPEAR/DIE/DIED/LEAVE', 'DISAPPEAR/DIE/LEAVE ~4 NOBODY ~2 NOTICE'],
  },
  {
    id: 'burden',
    kind: 'vague',
    sign: 'burden',
    weight: CRISIS,
    match: [
      'I/SELF ~3 BURDEN',
      'BURDEN ~3 I',
      'PREFER ~3 WITHOUT I',
      'WITHOUT I ~3 PREFER',
      'ALL ~2 HINDER ~1 LIVE',
      'SOON ~3 REST ~1 FROM I',
      'SOON ~4 FROM I ~1 REST',
    ],
  },
  {
    id: 'in-the-way',
    kind: 'vague',
    sign: 'burden',
    weight: 6,
    match: ['ALL ~2 HINDER $', 'ALL ~2 HINDER ~1 I', 'REST ~1 FROM I', 'FROM I ~1 REST'],
  },
  {
    id: 'no-more-trouble',
    kind: 'vague',
    sign: 'burden',
    weight: 5,
    match: ['NOBODY/MORE ~2 BOTHER+NEG', 'BOTHER+NEG ~2 NOBODY/MORE'],
  },
  {
    id: 'unneeded',
    kind: 'vague',
    sign: 'unneeded',
    weight: CONCERN,
    match: ['NOBODY ~2 NEEDED', 'NOBODY/NOTHING ~2 HOLD $'],
  },
  {
    id: 'farewell',
    kind: 'vague',
    sign: 'farewell',
    weight: CRISIS,
    match: [
      'FAREWELL ~1 ALL',
      'FAREWELL ~4 THANKS',
      'THANKS ~4 FAREWELL',
      'WANT/INTENT ~3 SAY_GOODBYE ~2 ALL $',
      'WANT/INTENT ~3 ALL ~1 SAY_GOODBYE $',
      'IT ~1 LAST MESSAGE !INTO/DATE',
      'FAREWELL_NOTE ~1 NOTE/MESSAGE',
      'I ~1 LAST MESSAGE',
      'MORE ~2 I ~2 SEE+NEG',
      'I ~2 MORE ~1 SEE+NEG',
      'FORGIVE ~2 I ~2 ALL',
    ],
  },
  {
    id: 'farewell-hint',
    kind: 'vague',
    sign: 'farewell',
    weight: 6,
    match: [
      'FAREWELL $',
      'LAST MESSAGE !INTO/DATE',
      'WRITE ~3 NOTE ~2 CLOSE/ALL',
      'WRITE ~3 ALL ~2 NOTE',
      'WRITE ~1 NOTE $',
      'WANT/INTENT ~3 SAY_GOODBYE',
    ],
  },
  { id: 'apology', kind: 'vague', sign: 'apology', weight: 5, match: ['FORGIVE ~1 I $', 'FORGIVE ~1 I ~1 ALL'] },
  {
    id: 'giving-away',
    kind: 'vague',
    sign: 'preparation',
    weight: CRISIS,
    match: ['GIVE ~3 ALL/OWN ~2 BELONGINGS', 'GIVE ~3 BELONGINGS ~4 NEED+NEG', 'NEED+NEG ~4 GIVE'],
    unless: 'ORDINARY',
  },
  {
    id: 'giving-away-hint',
    kind: 'vague',
    sign: 'preparation',
    weight: 8,
    match: ['GIVE ~3 BELONGINGS', 'BELONGINGS ~2 GIVE', 'WRITE/DO ~2 WILL'],
    unless: 'ORDINARY',
  },
  {
    id: 'means',
    kind: 'vague',
    sign: 'means',
    weight: 6,
    match: [`BUY ~3 ${MEANS}`, `${MEANS} ~2 BUY`],
    unless: 'ORDINARY HOBBY',
  },
  {
    id: 'stockpile',
    kind: 'vague',
    sign: 'means',
    weight: CRISIS,
    match: ['STOCKPILE ~3 PILLS/POISON', 'PILLS ~2 STOCKPILE'],
    unless: 'ORDINARY',
  },
  {
    id: 'height-looking-down',
    kind: 'vague',
    sign: 'height',
    weight: CRISIS,
    match: [
      'STAND ~3 HEIGHT/EDGE/TRACK/LEDGE ~6 LOOK ~1 DOWN',
      'STAND ~3 HEIGHT/EDGE/LEDGE ~6 DOWN',
      'STAND ~3 HEIGHT/TRACK ~6 JUMP',
      'STAND ~2 LEDGE ~3 HEIGHT',
      'STAND ~2 INTO RAILS',
    ],
    unless: 'HOBBY',
    damped: CONCERN,
  },
  {
    id: 'on-the-edge',
    kind: 'vague',
    sign: 'height',
    weight: 6,
    match: ['STAND ~2 EDGE ~1 HEIGHT', 'STAND ~3 HEIGHT $', 'STAND ~2 LEDGE', 'LOOK ~1 DOWN ~3 HEIGHT/EDGE/LEDGE'],
    unless: 'HOBBY',
  },
  {
    id: 'plan',
    kind: 'vague',
    sign: 'plan',
    weight: 5,
    match: [
      'HAVE ~2 PLAN !INTO/HOW/WITH',
      'PLAN ~2 HAVE/READY',
      'KNOW-NEG ~1 HOW ~1 IT? $',
      'KNOW-NEG DATE',
      'SET ~1 DAY',
      'ALL ~1 READY !INTO',
      'ALL ~1 PLAN !INTO',
    ],
  },
  { id: 'resolve', kind: 'vague', sign: 'resolve', weight: CONCERN, match: ['DO-NEG IT'] },
  {
    id: 'decided',
    kind: 'vague',
    sign: 'decision',
    weight: CONCERN,
    match: ['DECIDED ~1 DECIDED', 'ALL ~1 DECIDED $', 'I ~1 ALL ~1 DECIDED', 'DECIDED+PAST $'],
  },
  {
    id: 'a-date',
    kind: 'vague',
    sign: 'date',
    weight: CONCERN,
    boost: true,
    match: ['DATE'],
  },
  {
    id: 'finality',
    kind: 'vague',
    sign: 'finality',
    weight: 5,
    match: [
      'ALL ~1 ENDS $',
      'SOON ~2 ALL ~1 ENDS',
      'ALL ~2 ENDS ~1 FOREVER',
      'LET/WANT ~2 ALL IT? ~2 ENDS $',
      'SOON ~2 I? DIE-NEG',
    ],
  },
  {
    id: 'want-it-over',
    kind: 'vague',
    sign: 'finality',
    weight: CRISIS,
    match: ['WANT ~2 ALL IT? ~2 ENDS $', 'WANT ~2 ALL IT? ~2 ENDS ~1 FOREVER', 'WANT ~2 END WITH ALL'],
  },
  {
    id: 'hopeless',
    kind: 'vague',
    sign: 'hopeless',
    weight: 5,
    match: [
      `${NO} ~1 MEANING $`,
      `${NO} ~1 MEANING ~2 NOTHING/ALL`,
      'RHETORIC ~3 MEANING $',
      'ALL MEANINGLESS',
      `${NO} ~2 FUTURE`,
      `FUTURE ~1 ${NO}`,
      'NOTHING ~1 CHANGE+NEG',
      'NOTHING ~2 BE+NEG ~1 PREFER/BETTER',
      'BETTER ~1 BE+NEG $',
      'MORE ~2 BETTER ~1 BE+NEG',
      'HOPELESS',
      'EQUAL ~4 I ~1 HAPPEN',
    ],
  },
  { id: 'nothing-to-lose', kind: 'vague', sign: 'nothing-to-lose', weight: 6, match: ['NOTHING LOSE'] },
  {
    id: 'cannot-go-on',
    kind: 'vague',
    sign: 'exhausted',
    weight: CONCERN,
    match: ['CAN+NEG ~1 MORE $', 'MORE ~1 CAN+NEG $', 'TIRED ~2 ALL', `${NO} STRENGTH ~1 CAN`],
  },
  { id: 'disappear', kind: 'vague', sign: 'disappear', weight: 5, match: ['WANT-NEG ~2 DISAPPEAR/LEAVE $'] },
  { id: 'numb', kind: 'vague', sign: 'numb', weight: CONCERN, match: ['FEEL ~1 SOMETHING', 'SOMETHING ~2 FEEL'] },
];

/** English phrasings, matched on the Latin reading of a message (lower case). */
export const ENGLISH =
  /\b(?:kill(?:ing)? myself|want(?:ed)? to die|wanna die|end(?:ing)? (?:my|it) (?:life|all)|suicid\w*|unaliv\w*|self[ -]?harm\w*|cutting myself|kms)\b/;
