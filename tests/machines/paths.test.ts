// The typed paths: every route of the product's route table with its exact string, builders that encode ids as
// one path segment and that the router's patterns match back to the same id, and the checkout's query.
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { paths, routePatterns } from '../../machines/paths';

describe('paths', () => {
  it('spells every route of the route table', () => {
    expect(paths).toMatchObject({
      root: '/',
      init: '/init',
      onboarding: '/onboarding',
      app: '/app',
      dashboard: '/app/dashboard',
      home: '/app/home',
      chatList: '/app/chat',
      newChat: '/app/chat/new',
      practices: '/app/practices',
      diary: '/app/diary',
      newDiaryEntry: '/app/diary/new',
      profile: '/app/profile',
      settings: '/app/profile/settings',
      subscription: '/app/profile/subscription',
      help: '/app/profile/help',
    });
    expect(paths.chat('c1')).toBe('/app/chat/c1');
    expect(paths.chat('new')).toBe(paths.newChat);
    expect(paths.practice('p1')).toBe('/app/practices/p1');
    expect(paths.practiceSession('p1')).toBe('/app/practices/p1/session');
    const uuid = '00000000-0000-4000-8000-000000000001';
    expect(paths.diaryEntry(uuid)).toBe(`/app/diary/${uuid}`);
  });

  it('encodes an id as one path segment', () => {
    expect(paths.diaryEntry('a/b c?d#e')).toBe('/app/diary/a%2Fb%20c%3Fd%23e');
    expect(paths.chat('../profile')).toBe('/app/chat/..%2Fprofile');
    expect(paths.practiceSession('сон')).toBe('/app/practices/%D1%81%D0%BE%D0%BD/session');
  });

  it.each([
    ['chat', paths.chat, 'chatId'],
    ['practice', paths.practice, 'practiceId'],
    ['practiceSession', paths.practiceSession, 'practiceId'],
    ['diaryEntry', paths.diaryEntry, 'entryId'],
  ] as const)('%s: the router’s pattern matches the built path back to the same id', (name, build, param) => {
    for (const id of ['e1', 'a/b c', 'сон?#']) {
      // matchRoutes decodes the path as the router does for useParams.
      const [match] = matchRoutes([{ path: routePatterns[name] }], build(id)) ?? [];
      expect(match?.params[param]).toBe(id);
    }
  });

  it('checkout: the tier and period in the query (period 1 by default), on the checkout route', () => {
    expect(paths.checkout('PRO', 3)).toBe('/app/profile/subscription/checkout?tier=PRO&period=3');
    expect(paths.checkout('PREMIUM')).toBe('/app/profile/subscription/checkout?tier=PREMIUM&period=1');
    const url = new URL(paths.checkout('A&B=C', 12), 'https://example.test');
    expect(url.pathname).toBe(routePatterns.checkout);
    expect(Object.fromEntries(url.searchParams)).toEqual({ tier: 'A&B=C', period: '12' });
  });

  it('keeps every /app route under paths.app', () => {
    const outside = ['root', 'init', 'onboarding', 'app'];
    const fixed = Object.entries(paths).flatMap(([key, value]) =>
      typeof value === 'string' && !outside.includes(key) ? [value] : [],
    );
    const built = [paths.chat('x'), paths.practice('x'), paths.practiceSession('x'), paths.diaryEntry('x')];
    for (const path of [...fixed, ...built, paths.checkout('PRO'), ...Object.values(routePatterns)]) {
      expect(path.startsWith(`${paths.app}/`)).toBe(true);
    }
  });
});
