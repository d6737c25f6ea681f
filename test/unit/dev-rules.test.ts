import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  alternativeGroups,
  archiveMove,
  assertUnlocked,
  cleanText,
  correctionOf,
  editDistance,
  groupQuery,
  highlightHtml,
  lockMove,
  MAX_CONTEXTS,
  MAX_QUERY_WORDS,
  newFaqReference,
  nextVersion,
  queryWords,
  withContext,
  withoutContext,
  type ContextLink,
} from '../../subgraphs/dev/faqs/rules.js';
import { normalTags } from '../../domain/tags.js';
import { checkedChange, checkRemoval, developerRoleOf, isProviderAdmin } from '../../subgraphs/dev/developers/rules.js';

/** The DEV family's pure rules (docs/dev.md): FAQ versions, states, links, the search's reading of a query; developers. */

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as { extensions?: { code?: string } }).extensions?.code;
  }
  return 'no error';
};

describe('FAQ versions', () => {
  it('an edit adds one to the last dotted number', () => {
    expect(nextVersion('1')).toBe('2');
    expect(nextVersion('1.0')).toBe('1.1');
    expect(nextVersion('1.9')).toBe('1.10');
    expect(nextVersion('2.3.9')).toBe('2.3.10');
    expect(nextVersion('0.0.0')).toBe('0.0.1');
  });

  it('keeps every part but the last, and the last grows by exactly one (any label of one to three parts)', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(999_999), { minLength: 1, maxLength: 3 }), (parts) => {
        const next = nextVersion(parts.join('.')).split('.').map(Number);
        expect(next.slice(0, -1)).toEqual(parts.slice(0, -1));
        expect(next.at(-1)).toBe(parts.at(-1)! + 1);
      }),
    );
  });

  it('references are FAQ- and 10 Crockford base32 characters', () => {
    for (let i = 0; i < 50; i++) expect(newFaqReference()).toMatch(/^FAQ-[0-9ABCDEFGHJKMNPQRSTVWXYZ]{10}$/);
  });
});

describe('tags and text', () => {
  it('tags are trimmed, lower-cased, inner spaces collapsed, repeats dropped in order; a blank tag is refused', () => {
    expect(normalTags([' Tracking ', 'tracking', 'Cold  Chain', 'APP'])).toEqual(['tracking', 'cold chain', 'app']);
    expect(normalTags(undefined)).toEqual([]);
    expect(code(() => normalTags(['ok', '  ']))).toBe('VALIDATION_ERROR');
  });

  it('stored text loses the highlight markers and surrounding space; blank text is refused', () => {
    expect(cleanText('  Where ⟦is⟧ it?  ', 'question')).toBe('Where is it?');
    expect(code(() => cleanText(' ⟦⟧ ', 'answer'))).toBe('VALIDATION_ERROR');
  });
});

describe('states', () => {
  it('archive moves ACTIVE to ARCHIVED, restore back; any other move is a CONFLICT', () => {
    expect(archiveMove('ACTIVE', 'ARCHIVE')).toBe('ARCHIVED');
    expect(archiveMove('ARCHIVED', 'RESTORE')).toBe('ACTIVE');
    expect(code(() => archiveMove('ARCHIVED', 'ARCHIVE'))).toBe('CONFLICT');
    expect(code(() => archiveMove('ACTIVE', 'RESTORE'))).toBe('CONFLICT');
  });

  it('lock needs it unlocked, unlock locked; a locked FAQ refuses changes with FAQ_LOCKED', () => {
    expect(lockMove(false, 'LOCK')).toBe(true);
    expect(lockMove(true, 'UNLOCK')).toBe(false);
    expect(code(() => lockMove(true, 'LOCK'))).toBe('CONFLICT');
    expect(code(() => lockMove(false, 'UNLOCK'))).toBe('CONFLICT');
    expect(code(() => assertUnlocked({ locked: true, reference: 'FAQ-0000000000' }))).toBe('FAQ_LOCKED');
    expect(code(() => assertUnlocked({ locked: false, reference: 'FAQ-0000000000' }))).toBe('no error');
  });
});

describe('context links', () => {
  const at = new Date('2026-11-26T10:00:00Z');
  const link = (id: string, source: string | null = null): ContextLink => ({ type: 'HUB', id, source, linkedAt: at, linkedBy: 'u1' });

  it('adding a link to an object already linked changes its source (ids compare in any case); a source left out is kept', () => {
    const one = withContext([], link('a', 'https://x.example/1'));
    expect(one).toEqual([link('a', 'https://x.example/1')]);
    expect(withContext(one, link('A', 'https://x.example/2'))).toEqual([link('a', 'https://x.example/2')]);
    expect(withContext(one, link('a'))).toEqual([link('a', 'https://x.example/1')]);
    expect(withContext(one, { ...link('a'), type: 'WAREHOUSE' })).toHaveLength(2);
  });

  it(`holds at most ${MAX_CONTEXTS} links; the next is a CONFLICT`, () => {
    let links: ContextLink[] = [];
    for (let i = 0; i < MAX_CONTEXTS; i++) links = withContext(links, link(`id-${i}`));
    expect(links).toHaveLength(MAX_CONTEXTS);
    expect(code(() => withContext(links, link('one-more')))).toBe('CONFLICT');
  });

  it('removing an object not linked is NOT_FOUND', () => {
    expect(withoutContext([link('a'), link('b')], { type: 'HUB', id: 'A' })).toEqual([link('b')]);
    expect(code(() => withoutContext([link('a')], { type: 'WAREHOUSE', id: 'a' }))).toBe('NOT_FOUND');
  });
});

describe('reading a query', () => {
  it('words are lower-case letters and digits of any script, without repeats, at most MAX_QUERY_WORDS', () => {
    expect(queryWords("Where's my PARCEL? parcel #42 — Zürich")).toEqual(['where', 's', 'my', 'parcel', '42', 'zürich']);
    expect(queryWords('?!')).toEqual([]);
    expect(queryWords(Array.from({ length: 20 }, (_, i) => `w${i}`).join(' '))).toHaveLength(MAX_QUERY_WORDS);
  });

  it('a word stands for its synonym group (plurals and -ing forms too); a listed phrase is one group', () => {
    expect(alternativeGroups(['my', 'package'])).toEqual([['my'], ['package', 'parcel', 'shipment', 'consignment', 'packet', 'box']]);
    expect(alternativeGroups(['bills'])[0]).toEqual(['bills', 'invoice', 'bill', 'receipt']);
    expect(alternativeGroups(['send', 'back', 'item'])).toEqual([['send back', 'return'], ['item']]);
    expect(alternativeGroups(['money', 'back'])[0]).toContain('refund');
  });

  it('a group is a tsquery of quoted words, phrases as words in sequence', () => {
    expect(groupQuery(['parcel', 'package'])).toBe("'parcel' | 'package'");
    expect(groupQuery(['send back', 'return'])).toBe("('send' <-> 'back') | 'return'");
  });
});

describe('typo correction', () => {
  it('edit distances, with adjacent transpositions costing one (golden values of the definition)', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3); // the classic Levenshtein example
    expect(editDistance('refnud', 'refund')).toBe(1); // one transposition
    expect(editDistance('ca', 'abc')).toBe(3); // optimal string alignment (true Damerau–Levenshtein would say 2)
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });

  it('corrects a word not in the vocabulary to the candidate fewest edits away, within 1 edit (2 from 8 letters)', () => {
    expect(correctionOf('parcell', ['parcel', 'parcels'])).toBe('parcel');
    expect(correctionOf('recieve', ['received', 'receive', 'recipe'])).toBe('receive');
    expect(correctionOf('delivary', ['delivery'])).toBe('delivery');
    expect(correctionOf('prohibted', ['prohibited'])).toBe('prohibited');
    expect(correctionOf('postage', ['postal'])).toBeUndefined(); // two edits for 7 letters
    expect(correctionOf('abcdefgh', ['abcdefxy'])).toBe('abcdefxy'); // two edits for 8 letters
  });

  it('never corrects a known word, a word of the synonym list, or a short word', () => {
    expect(correctionOf('parcel', ['parcel', 'parcels'])).toBeUndefined();
    expect(correctionOf('bills', ['bells'])).toBeUndefined();
    expect(correctionOf('took', ['too'])).toBeUndefined();
  });
});

describe('highlighted HTML', () => {
  it('escapes the text and turns the markers into <mark>', () => {
    expect(highlightHtml('a <b> & "c" ⟦d⟧')).toBe('a &lt;b&gt; &amp; &quot;c&quot; <mark>d</mark>');
  });
});

describe('developer rules', () => {
  const dev = (role: 'ADMIN' | 'DEVELOPER', status: 'ACTIVE' | 'SUSPENDED' | 'REMOVED' = 'ACTIVE', userId = 'them') => ({ role, status, userId });

  it("provider admins: the workspace's OWNER and ADMINs, and ACTIVE developers with the role ADMIN", () => {
    expect(isProviderAdmin('OWNER', null)).toBe(true);
    expect(isProviderAdmin('ADMIN', null)).toBe(true);
    expect(isProviderAdmin('DEVELOPER', dev('ADMIN'))).toBe(true);
    expect(isProviderAdmin('DEVELOPER', dev('ADMIN', 'SUSPENDED'))).toBe(false);
    expect(isProviderAdmin('DEVELOPER', dev('DEVELOPER'))).toBe(false);
    expect(isProviderAdmin('MANAGER', null)).toBe(false);
  });

  it('a change keeps what it does not name; REMOVED is a DELETE; removed and own records are refused', () => {
    expect(checkedChange(dev('DEVELOPER'), { role: 'ADMIN' }, 'me')).toEqual({ role: 'ADMIN', status: 'ACTIVE' });
    expect(checkedChange(dev('ADMIN', 'SUSPENDED'), { status: 'ACTIVE' }, 'me')).toEqual({ role: 'ADMIN', status: 'ACTIVE' });
    expect(code(() => checkedChange(dev('DEVELOPER'), { status: 'REMOVED' }, 'me'))).toBe('VALIDATION_ERROR');
    expect(code(() => checkedChange(dev('DEVELOPER', 'REMOVED'), { status: 'ACTIVE' }, 'me'))).toBe('CONFLICT');
    expect(code(() => checkedChange(dev('ADMIN', 'ACTIVE', 'me'), { role: 'DEVELOPER' }, 'me'))).toBe('FORBIDDEN');
    expect(code(() => checkRemoval(dev('DEVELOPER', 'ACTIVE', 'me'), 'me'))).toBe('FORBIDDEN');
    expect(code(() => checkRemoval(dev('DEVELOPER', 'REMOVED'), 'me'))).toBe('CONFLICT');
    expect(code(() => checkRemoval(dev('DEVELOPER', 'SUSPENDED'), 'me'))).toBe('no error');
  });

  it("an invitation's role becomes the developer's: ADMIN stays ADMIN, anything else is DEVELOPER", () => {
    expect(developerRoleOf('ADMIN')).toBe('ADMIN');
    expect(developerRoleOf('DEVELOPER')).toBe('DEVELOPER');
    expect(developerRoleOf('MANAGER')).toBe('DEVELOPER');
  });
});
