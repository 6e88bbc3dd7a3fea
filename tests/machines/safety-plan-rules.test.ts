// The safety plan's pure rules: what is sent (planForServer), the merge of two versions, the edits, the device copy
// read back without trust, and the contacts' tap-to-call and write links.
import { describe, expect, it } from 'vitest';
import {
  emptyPlan,
  isPlanEmpty,
  mergePlans,
  planForServer,
  samePlan,
  type SafetyPlanContent,
} from '../../contract/safety-plan-rules';
import { phoneHref, telegramHref, telegramUsername } from '../../machines/safety-plan/contact-links';
import { parseDevicePlan } from '../../machines/safety-plan/device-plan';
import { applyEdit, hasLine, hasRoom } from '../../machines/safety-plan/plan-edits';

const plan = (over: Partial<SafetyPlanContent>): SafetyPlanContent => ({ ...emptyPlan(), ...over });
const vera = { name: 'Вера', phone: '+7 916 555-01-23', telegram: '' };

describe('what a plan sends', () => {
  it('trims and cuts every field, drops blank lines and blank contacts, keeps at most 20 a step', () => {
    const sent = planForServer(
      plan({
        coping: ['  Душ  ', '', '   ', 'а'.repeat(350), 'x\u0000y'],
        helpers: [
          { name: ' ', phone: '', telegram: '' },
          { name: ' Мама ', phone: ' 8 916 ', telegram: '@mama' },
        ],
        reasons: Array.from({ length: 25 }, (_, i) => `причина ${i}`),
      }),
    );
    expect(sent.coping).toEqual(['Душ', 'а'.repeat(300), 'xy']);
    expect(sent.helpers).toEqual([{ name: 'Мама', phone: '8 916', telegram: '@mama' }]);
    expect(sent.reasons).toHaveLength(20);
    expect(sent.reasons.at(-1)).toBe('причина 19');
  });

  it('a plan of blank lines is empty', () => {
    expect(isPlanEmpty(emptyPlan())).toBe(true);
    expect(isPlanEmpty(plan({ coping: ['  '], helpers: [{ name: '', phone: '', telegram: '' }] }))).toBe(true);
    expect(isPlanEmpty(plan({ helpers: [{ name: '', phone: '112', telegram: '' }] }))).toBe(false);
  });
});

describe('merging two versions of a plan', () => {
  it('keeps every line of the first, then the second’s new ones; case, spacing and phone spelling do not matter', () => {
    const stored = plan({ coping: ['Душ', 'Прогулка'], helpers: [vera] });
    const device = plan({
      coping: [' прогулка', 'Музыка', 'музыка  '],
      helpers: [
        { name: 'вера', phone: '8 (916) 555 01 23', telegram: '' },
        { name: 'Лёша', phone: '', telegram: 'lesha' },
      ],
      reasons: ['Кот'],
    });
    expect(mergePlans(stored, device)).toEqual(
      plan({
        coping: ['Душ', 'Прогулка', 'Музыка'],
        helpers: [vera, { name: 'Лёша', phone: '', telegram: 'lesha' }],
        reasons: ['Кот'],
      }),
    );
  });

  it('a different number, or a different username, is another contact', () => {
    const other = { ...vera, phone: '+7 916 555-01-24' };
    expect(mergePlans(plan({ helpers: [vera] }), plan({ helpers: [other] })).helpers).toEqual([vera, other]);
  });

  it('stops at 20 lines a step', () => {
    const many = (prefix: string) => Array.from({ length: 15 }, (_, i) => `${prefix} ${i}`);
    expect(mergePlans(plan({ coping: many('а') }), plan({ coping: many('б') })).coping).toHaveLength(20);
  });

  it('samePlan compares what is sent', () => {
    expect(samePlan(plan({ coping: ['Душ '] }), plan({ coping: ['Душ', ''] }))).toBe(true);
    expect(samePlan(plan({ coping: ['Душ'] }), plan({ coping: ['Чай'] }))).toBe(false);
  });
});

describe('edits', () => {
  const base = plan({ coping: ['Душ'], helpers: [vera] });

  it('adds an empty line to write in, or an example once', () => {
    expect(applyEdit(base, { kind: 'addLine', step: 'coping' }).coping).toEqual(['Душ', '']);
    expect(applyEdit(base, { kind: 'addLine', step: 'coping', text: 'Чай' }).coping).toEqual(['Душ', 'Чай']);
    expect(applyEdit(base, { kind: 'addLine', step: 'coping', text: ' душ' })).toBe(base);
    expect(hasLine(base, 'coping', 'ДУШ ')).toBe(true);
  });

  it('keeps a line as typed (spaces included), without NUL, at most 300 characters', () => {
    expect(applyEdit(base, { kind: 'changeLine', step: 'coping', index: 0, text: 'Душ ' }).coping).toEqual(['Душ ']);
    const long = applyEdit(base, { kind: 'changeLine', step: 'coping', index: 0, text: `a\u0000${'b'.repeat(400)}` });
    expect(long.coping[0]).toBe(`a${'b'.repeat(299)}`);
  });

  it('changes nothing (the same object) for a missing index, the same text or the wrong kind of step', () => {
    expect(applyEdit(base, { kind: 'changeLine', step: 'coping', index: 3, text: 'x' })).toBe(base);
    expect(applyEdit(base, { kind: 'changeLine', step: 'coping', index: 0, text: 'Душ' })).toBe(base);
    expect(applyEdit(base, { kind: 'removeLine', step: 'coping', index: -1 })).toBe(base);
    expect(applyEdit(base, { kind: 'addLine', step: 'helpers' as never })).toBe(base);
    expect(applyEdit(base, { kind: 'addContact', step: 'coping' as never })).toBe(base);
  });

  it('adds, changes and removes contacts field by field', () => {
    const added = applyEdit(base, { kind: 'addContact', step: 'professionals' });
    expect(added.professionals).toEqual([{ name: '', phone: '', telegram: '' }]);
    const named = applyEdit(added, {
      kind: 'changeContact',
      step: 'professionals',
      index: 0,
      field: 'phone',
      value: '1'.repeat(40),
    });
    expect(named.professionals).toEqual([{ name: '', phone: '1'.repeat(32), telegram: '' }]);
    expect(applyEdit(named, { kind: 'removeContact', step: 'helpers', index: 0 }).helpers).toEqual([]);
  });

  it('a full step takes nothing more', () => {
    const full = plan({ reasons: Array.from({ length: 20 }, (_, i) => `${i}`) });
    expect(hasRoom(full, 'reasons')).toBe(false);
    expect(hasRoom(full, 'coping')).toBe(true);
    expect(applyEdit(full, { kind: 'addLine', step: 'reasons' })).toBe(full);
  });
});

describe('the device’s copy, read back', () => {
  it('is null when there is none or it is not a plan', () => {
    for (const raw of [null, '', '{oops', '42', '[]', '{"revision":3}', '{"plan":[]}'])
      expect(parseDevicePlan(raw)).toBeNull();
  });

  it('keeps what is usable and drops the rest', () => {
    const raw = JSON.stringify({
      plan: {
        coping: ['Душ', 5, 'x\u0000'.repeat(200)],
        helpers: [{ name: 'Вера', phone: 7, extra: 1 }, 'Мама'],
        reasons: 'Кот',
        hobbies: ['чтение'],
      },
      revision: 4,
      unsaved: true,
    });
    expect(parseDevicePlan(raw)).toEqual({
      plan: plan({ coping: ['Душ', 'x'.repeat(200)], helpers: [{ name: 'Вера', phone: '', telegram: '' }] }),
      revision: 4,
      unsaved: true,
    });
    expect(parseDevicePlan(JSON.stringify({ plan: {}, revision: -2, unsaved: 'yes' }))).toEqual({
      plan: emptyPlan(),
      revision: 0,
      unsaved: false,
    });
  });
});

describe('contact links', () => {
  it.each([
    ['+7 916 555-01-23', 'tel:+79165550123'],
    ['8 (495) 051', 'tel:8495051'],
    ['112', 'tel:112'],
    ['12', null],
    ['позвонить вечером', null],
    ['+7 916 555-01-23 доб. 5', null],
    ['', null],
    ['  +7 916 555-01-23  ', 'tel:+79165550123'], // spaces around, the + kept
    ['+123 456 789 012 345', 'tel:+123456789012345'], // 15 digits: the longest number there is (E.164)
    ['+123 456 789 012 3456', null],
  ])('phone %j → %j', (phone, href) => expect(phoneHref(phone)).toBe(href));

  it.each([
    ['@vera_sister', 'vera_sister'],
    ['vera_sister', 'vera_sister'],
    ['https://t.me/vera_sister', 'vera_sister'],
    ['t.me/vera_sister', 'vera_sister'],
    ['Вера', null],
    ['1vera', null],
    ['abc', null],
    ['a'.repeat(33), null],
    ['  @vera_sister ', 'vera_sister'],
    ['http://t.me/vera_sister', 'vera_sister'],
    ['telegram.me/vera_sister', 'vera_sister'],
    ['at.me/vera_sister', null], // not a t.me link
    ['ve@ra_sister', null],
  ])('Telegram %j → %j', (value, username) => expect(telegramUsername(value)).toBe(username));

  it('writes through t.me', () => expect(telegramHref('vera_sister')).toBe('https://t.me/vera_sister'));
});
