import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkTopicFilter, checkTopicName, filterLevels, TOPIC_LIMITS, topicMatches } from '../../subgraphs/iot/topics/filters.js';

/** MQTT topic filters and names (spec "IoT topic"; MQTT 3.1.1 §4.7, MQTT 5.0 §4.7): validity and matching. */

describe('checkTopicFilter: the MQTT 3.1.1 §4.7 examples', () => {
  it('accepts the valid filters', () => {
    for (const f of [
      'sport/tennis/player1/#',
      'sport/#',
      '#',
      'sport/tennis/#',
      '+',
      '+/tennis/#',
      'sport/+/player1',
      '+/+',
      '/+',
      'sport/tennis/+',
      '/finance',
      'a//b',
      '/',
      'a/',
      'sport/tennis/player1',
    ]) {
      expect(checkTopicFilter(f), f).toBeNull();
    }
  });

  it('refuses # that is not the whole last level', () => {
    expect(checkTopicFilter('sport/tennis#')).toContain('"#" must be a whole level');
    expect(checkTopicFilter('sport/tennis#')).toContain('"tennis#" at level 2');
    expect(checkTopicFilter('sport/tennis/#/ranking')).toBe('"#" must be the last level (MQTT §4.7.1.2); here it is level 3 of 4');
    expect(checkTopicFilter('#/a')).toContain('must be the last level');
    expect(checkTopicFilter('##')).toContain('must be a whole level');
  });

  it('refuses + that is not a whole level', () => {
    expect(checkTopicFilter('sport+')).toContain('"+" must be a whole level');
    expect(checkTopicFilter('sport/+tennis/x')).toContain('"+tennis" at level 2');
    expect(checkTopicFilter('++')).toContain('"+" must be a whole level');
  });

  it('refuses $ topics with the platform’s own message', () => {
    for (const f of ['$SYS/#', '$SYS/monitor/+', '$share/group/sport/#', '$']) expect(checkTopicFilter(f), f).toContain('reserved by brokers, and the platform does not register them');
    expect(checkTopicFilter('a/$SYS')).toBeNull();
  });

  it('refuses what is not a non-empty string', () => {
    for (const f of [undefined, null, 1, ['a'], {}]) expect(checkTopicFilter(f)).toBe('a topic filter must be a string');
    expect(checkTopicFilter('')).toContain('must not be empty');
  });

  it('refuses NUL and the other C0 and C1 control characters', () => {
    expect(checkTopicFilter('a/\u0000')).toBe('a topic filter must not contain U+0000 (NUL) (MQTT §1.5.3), found at character 3');
    expect(checkTopicFilter('a\nb')).toContain('control characters');
    expect(checkTopicFilter('a\tb')).toContain('U+0009');
    expect(checkTopicFilter('a\u007fb')).toContain('U+007F');
    expect(checkTopicFilter('a\u009fb')).toContain('U+009F');
    expect(checkTopicFilter('a\u00a0b')).toBeNull();
  });

  it('refuses an unpaired surrogate (not valid UTF-8) but accepts a pair', () => {
    expect(checkTopicFilter('a/\ud83d')).toContain('unpaired surrogate');
    expect(checkTopicFilter('a/\ude00b')).toContain('unpaired surrogate');
    expect(checkTopicFilter('a/😀')).toBeNull();
  });

  it('limits: 65,535 UTF-8 bytes (MQTT), 1,024 characters and 32 levels (the platform)', () => {
    expect(checkTopicFilter('é'.repeat(40_000))).toBe('a topic filter is at most 65535 bytes of UTF-8 (MQTT §1.5.3); this one has 80000');
    expect(checkTopicFilter('中'.repeat(21_846))).toContain('this one has 65538'); // 3 bytes each
    expect(checkTopicFilter('😀'.repeat(16_384))).toContain('this one has 65536'); // 4 bytes for a surrogate pair
    expect(checkTopicFilter('a'.repeat(70_000))).toContain('at most 65535 bytes');
    expect(checkTopicFilter('a'.repeat(TOPIC_LIMITS.characters))).toBeNull();
    expect(checkTopicFilter('a'.repeat(1025))).toBe('a topic filter is at most 1024 characters on this platform; this one has 1025');
    expect(checkTopicFilter(Array(32).fill('a').join('/'))).toBeNull();
    expect(checkTopicFilter(Array(33).fill('a').join('/'))).toBe('a topic filter has at most 32 levels on this platform; this one has 33');
    expect(checkTopicFilter('/'.repeat(32))).toContain('33');
  });
});

describe('checkTopicName', () => {
  it('accepts names, refuses wildcards, $ and the rest like a filter', () => {
    for (const n of ['sport/tennis/player1', '/finance', 'a//b', 'devices/862010000000001/report']) expect(checkTopicName(n), n).toBeNull();
    expect(checkTopicName('sport/+')).toBe('a topic name must not contain the wildcards + or # (MQTT §4.7.1.1; they belong in filters): found "+" at character 7');
    expect(checkTopicName('sport/#')).toContain('wildcards');
    expect(checkTopicName('a#b')).toContain('wildcards');
    expect(checkTopicName('$SYS/x')).toContain('reserved by brokers');
    expect(checkTopicName('')).toContain('topic name must not be empty');
    expect(checkTopicName(7)).toBe('a topic name must be a string');
    expect(checkTopicName('a\u0000')).toContain('U+0000');
  });
});

describe('topicMatches: the MQTT 3.1.1 §4.7 examples', () => {
  const cases: [string, string, boolean][] = [
    ['sport/tennis/player1/#', 'sport/tennis/player1', true],
    ['sport/tennis/player1/#', 'sport/tennis/player1/ranking', true],
    ['sport/tennis/player1/#', 'sport/tennis/player1/score/wimbledon', true],
    ['sport/tennis/player1/#', 'sport/tennis/player2', false],
    ['sport/#', 'sport', true],
    ['sport/#', 'sport/', true],
    ['#', 'sport/tennis', true],
    ['#', '/', true],
    ['sport/tennis/+', 'sport/tennis/player1', true],
    ['sport/tennis/+', 'sport/tennis/player2', true],
    ['sport/tennis/+', 'sport/tennis/player1/ranking', false],
    ['sport/+', 'sport', false],
    ['sport/+', 'sport/', true],
    ['+/+', '/finance', true],
    ['/+', '/finance', true],
    ['+', '/finance', false],
    ['+', 'finance', true],
    ['sport/+/player1', 'sport/tennis/player1', true],
    ['+/tennis/#', 'sport/tennis', true],
    ['ACCOUNTS', 'Accounts', false],
    ['/finance', 'finance', false],
    ['#', '$SYS/monitor/Clients', false],
    ['+/monitor/Clients', '$SYS/monitor/Clients', false],
    ['$SYS/#', '$SYS/monitor/Clients', true],
    ['$SYS/monitor/+', '$SYS/monitor/Clients', true],
    ['$SYS/#', '$SYS', true],
  ];
  it.each(cases)('%s against %s is %s', (filter, name, expected) => {
    expect(topicMatches(filter, name)).toBe(expected);
  });

  it('splits levels on / (empty levels included)', () => {
    expect(filterLevels('/a//b/')).toEqual(['', 'a', '', 'b', '']);
    expect(filterLevels('#')).toEqual(['#']);
  });
});

// ───────────────────────────── properties ─────────────────────────────

/** A level of a name: no /, + or #, no control character, no lone surrogate. */
const nameLevel = fc.string({ unit: 'grapheme', maxLength: 8 }).map((s) =>
  [...s]
    .filter((ch) => {
      const c = ch.codePointAt(0) ?? 0;
      return !'/+#'.includes(ch) && c >= 0x20 && !(c >= 0x7f && c <= 0x9f);
    })
    .join(''),
);

/** The spec's reference reading of §4.7, over level arrays. */
function reference(filter: string[], name: string[]): boolean {
  if (name[0]?.startsWith('$') && (filter[0] === '+' || filter[0] === '#')) return false;
  const walk = (f: string[], n: string[]): boolean => {
    if (f.length === 0) return n.length === 0;
    if (f[0] === '#') return true;
    if (n.length === 0) return false;
    return (f[0] === '+' || f[0] === n[0]) && walk(f.slice(1), n.slice(1));
  };
  return walk(filter, name);
}

describe('properties', () => {
  it('every filter built from valid levels (+ anywhere, # last) is accepted; a name from valid levels too', () => {
    const levels = fc.array(fc.oneof(nameLevel, fc.constant('+')), { minLength: 1, maxLength: 31 });
    fc.assert(
      fc.property(levels, fc.boolean(), (ls, hash) => {
        const filter = [...ls, ...(hash ? ['#'] : [])].join('/');
        fc.pre(filter.length > 0 && !filter.startsWith('$') && filter.length <= TOPIC_LIMITS.characters); // one empty level alone is the empty filter, refused
        expect(checkTopicFilter(filter)).toBeNull();
        const name = ls.filter((l) => l !== '+').join('/');
        fc.pre(name.length > 0 && !name.startsWith('$'));
        expect(checkTopicName(name)).toBeNull();
      }),
    );
  });

  it('topicMatches agrees with the reference reading of §4.7', () => {
    const small = fc.constantFrom('a', 'b', '', '$SYS');
    const filterArb = fc.tuple(fc.array(fc.oneof(small, fc.constant('+')), { maxLength: 5 }), fc.boolean()).map(([ls, hash]) => (hash ? [...ls, '#'] : ls.length ? ls : ['a']));
    const nameArb = fc.array(small, { minLength: 1, maxLength: 6 });
    /** A name the filter matches by construction (a level for each +, some levels for #). */
    const matchingName = filterArb.chain((f) =>
      fc.tuple(
        fc.constant(f),
        fc.tuple(...f.map((l) => (l === '+' ? small.map((x) => [x]) : l === '#' ? fc.array(small, { maxLength: 3 }) : fc.constant([l])))).map((parts) => parts.flat()),
      ),
    );
    fc.assert(
      fc.property(filterArb, nameArb, (f, n) => {
        expect(topicMatches(f.join('/'), n.join('/'))).toBe(reference(f, n));
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(matchingName, ([f, n]) => {
        fc.pre(n.length > 0);
        expect(topicMatches(f.join('/'), n.join('/'))).toBe(reference(f, n));
        if (!n[0].startsWith('$') || !['+', '#'].includes(f[0])) expect(topicMatches(f.join('/'), n.join('/'))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('a filter without wildcards matches exactly the name it spells', () => {
    const name = fc.array(nameLevel, { minLength: 1, maxLength: 5 }).map((ls) => ls.join('/'));
    fc.assert(
      fc.property(name, name, (a, b) => {
        expect(topicMatches(a, a)).toBe(true);
        expect(topicMatches(a, b)).toBe(a === b);
      }),
    );
  });
});
