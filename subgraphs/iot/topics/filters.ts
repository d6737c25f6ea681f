/**
 * MQTT topic names and filters (spec "IoT topic": a topic's `path` is a filter), pure: MQTT 3.1.1 §4.7 and MQTT 5.0
 * §4.7 (§1.5.3 / §1.5.4 for the strings), plus the platform's own limits. Unit-tested in test/unit/iot-topics.test.ts.
 *
 * | Rule                                                          | Source                      | Filter | Name |
 * |---------------------------------------------------------------|-----------------------------|--------|------|
 * | a string of at least one character                            | §4.7.3                      | yes    | yes  |
 * | at most 65,535 bytes of UTF-8                                 | §1.5.3                      | yes    | yes  |
 * | well-formed UTF-16 (no unpaired surrogate: not valid UTF-8)   | §1.5.3                      | yes    | yes  |
 * | no U+0000 nor other control character (C0, DEL, C1)           | §1.5.3 (MUST NOT / SHOULD)  | yes    | yes  |
 * | at most 1,024 characters and 32 levels                        | the platform                | yes    | yes  |
 * | not starting with `$` (`$SYS/…`, `$share/…`: the broker's)    | the platform (§4.7.2)       | yes    | yes  |
 * | `#` only as the whole last level                              | §4.7.1.2                    | yes    | —    |
 * | `+` only as a whole level                                     | §4.7.1.3                    | yes    | —    |
 * | no `#` nor `+` at all                                         | §4.7.1.1                    | —      | yes  |
 *
 * Empty levels are allowed (`a//b`, `/a`, `a/`): they are distinct levels in MQTT.
 */

/** The limits: MQTT's own (a UTF-8 string's two-byte length) and the platform's (characters are UTF-16 code units). */
export const TOPIC_LIMITS = Object.freeze({ bytes: 65_535, characters: 1024, levels: 32 });

/** The levels of a topic name or filter: split on `/` (`/a` → `['', 'a']`). */
export function filterLevels(filter: string): string[] {
  return filter.split('/');
}

/** The problem common to names and filters (type, size, characters, `$`, level count), or null. */
function checkTopicString(topic: unknown, what: 'filter' | 'name'): string | null {
  if (typeof topic !== 'string') return `a topic ${what} must be a string`;
  if (topic.length === 0) return `a topic ${what} must not be empty (MQTT §4.7.3: at least one character)`;
  if (topic.length > TOPIC_LIMITS.bytes) return `a topic ${what} is at most ${TOPIC_LIMITS.bytes} bytes of UTF-8 (MQTT §1.5.3); this one has ${topic.length} characters`;
  let bytes = 0;
  for (let i = 0; i < topic.length; i++) {
    const c = topic.charCodeAt(i);
    if (c === 0) return `a topic ${what} must not contain U+0000 (NUL) (MQTT §1.5.3), found at character ${i + 1}`;
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f))
      return `a topic ${what} must not contain control characters (U+0001–U+001F, U+007F–U+009F); found U+${c.toString(16).toUpperCase().padStart(4, '0')} at character ${i + 1}`;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < topic.length && (topic.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) return `a topic ${what} must be valid UTF-8; an unpaired surrogate (U+${c.toString(16).toUpperCase()}) at character ${i + 1} is not (MQTT §1.5.3)`;
    else bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
  }
  if (bytes > TOPIC_LIMITS.bytes) return `a topic ${what} is at most ${TOPIC_LIMITS.bytes} bytes of UTF-8 (MQTT §1.5.3); this one has ${bytes}`;
  if (topic.length > TOPIC_LIMITS.characters) return `a topic ${what} is at most ${TOPIC_LIMITS.characters} characters on this platform; this one has ${topic.length}`;
  if (topic[0] === '$') return `a topic ${what} must not start with $: topics starting with $ ($SYS/…, $share/…) are reserved by brokers, and the platform does not register them`;
  let levels = 1;
  for (let i = 0; i < topic.length; i++) if (topic.charCodeAt(i) === 0x2f) levels++;
  if (levels > TOPIC_LIMITS.levels) return `a topic ${what} has at most ${TOPIC_LIMITS.levels} levels on this platform; this one has ${levels}`;
  return null;
}

/** null when `filter` is a valid MQTT 3.1.1/5.0 topic filter the platform lets a provider register, else the exact problem. */
export function checkTopicFilter(filter: unknown): string | null {
  const problem = checkTopicString(filter, 'filter');
  if (problem !== null) return problem;
  const levels = filterLevels(filter as string);
  for (let i = 0; i < levels.length; i++) {
    const level = levels[i];
    if (level.includes('#')) {
      if (level !== '#') return `"#" must be a whole level (MQTT §4.7.1.2): "${level}" at level ${i + 1} is not; write …/${level.replaceAll('#', '')}/# or …/#`;
      if (i !== levels.length - 1) return `"#" must be the last level (MQTT §4.7.1.2); here it is level ${i + 1} of ${levels.length}`;
    }
    if (level.includes('+') && level !== '+') return `"+" must be a whole level (MQTT §4.7.1.3): "${level}" at level ${i + 1} is not; write …/+/… for any one level`;
  }
  return null;
}

/** null when `name` is a valid topic NAME (what a device publishes to: no wildcards). */
export function checkTopicName(name: unknown): string | null {
  const problem = checkTopicString(name, 'name');
  if (problem !== null) return problem;
  const at = (name as string).search(/[+#]/);
  if (at >= 0) return `a topic name must not contain the wildcards + or # (MQTT §4.7.1.1; they belong in filters): found "${(name as string)[at]}" at character ${at + 1}`;
  return null;
}

/**
 * Whether the topic name matches the filter, exactly as MQTT 3.1.1 §4.7 says (`+` one level, `#` this level and all below including the parent, topics starting with `$` never matched by a filter starting with a wildcard).
 *
 * Expects a valid filter and name (checkTopicFilter, checkTopicName; `$` allowed here): a wildcard that is not a whole
 * level is read as a literal character, and an empty level is a level (`+` matches it). Never throws.
 */
export function topicMatches(filter: string, name: string): boolean {
  if (name.startsWith('$') && (filter.startsWith('+') || filter.startsWith('#'))) return false;
  const f = filterLevels(filter);
  const n = filterLevels(name);
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#' && i === f.length - 1) return true;
    if (i >= n.length) return false;
    if (f[i] !== '+' && f[i] !== n[i]) return false;
  }
  return f.length === n.length;
}
