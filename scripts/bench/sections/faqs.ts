// The `faqs` section of `npm run bench`: the FAQ search's two routes (1,000 and 100,000 FAQs), their fixtures and notes.
/**
 * `npm run bench` fixtures of the `faqs` route (issue 15: FAQ search at 1,000 and 100,000 FAQs).
 *
 * Two LSPs in the bench's workspace, each with a knowledge base drawn from one deterministic generator (the bench's
 * `rng`, the same seed for both): the 1,000 FAQs of the small one are the first 1,000 of the large one's 100,000, so
 * the large base is the small one's distribution scaled up, not padded with text no query matches. An FAQ is a
 * support-desk question and answer of a parcel and freight carrier, written from templates of 23 topics (tracking,
 * delivery, returns, refunds, damage, customs, pricing …) whose slots are filled with the items, places, goods and
 * services of the trade; tags name the topic. The vocabulary is bounded (685 words), as a real knowledge base's grows
 * far slower than its FAQs.
 *
 * The first FAQS_BY_API FAQs of each LSP are made through `POST /v1/lsps/:icode/faqs` (header set B, the LSP's context
 * token), so the path is proven; the rest are inserted with SQL through a `pg` client (100,000 through the API would
 * take many minutes): batches of SQL_BATCH rows of `dev.faq`, each with its `dev.faq_version` (revision 1) in the same
 * statement, the vocabulary (`dev.faq_term`) learnt per batch by the search's own `learnWords`, then VACUUM ANALYZE
 * (what autovacuum would do after a bulk load; PGlite runs none). No `dev.faq` event is published for them (nothing
 * the search reads comes from events).
 *
 * The search's own planSearch and runSearch (subgraphs/dev/faqs/search.ts) also run here on that `pg` client, to
 * report how much of each base every query matches and the query plans of its statements (EXPLAIN ANALYZE, BUFFERS).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';
import { crockford } from '../../../kernel/ids.js';
import { learnWords, planSearch, runSearch, type Tenant } from '../../../subgraphs/dev/faqs/search.js';
import { call, createProvider, jwtClaims, numbered, rng, setA, setB, type FaqBase, type FaqFixtures, type Fixtures } from '../fixtures.js';
import { answers } from '../load.js';
import { code, fmt } from '../report.js';
import { local, operationOf, type P95Ratio, type RouteDef } from '../routes.js';

/** The two knowledge bases. */
export const FAQ_SIZES = [1_000, 100_000] as const;
/** How many FAQs of each LSP are made through the REST route (the rest by SQL). */
export const FAQS_BY_API = 20;
/** Rows of one SQL insert. */
const SQL_BATCH = 2_000;
/** The generator's seed: the same for both LSPs. */
const FAQ_SEED = 15;

/**
 * The support queries, sent in turn (the same order at every layer and size): a misspelling with a synonym group, two
 * synonym groups and a plural, a phrase of the customs vocabulary, and a plain question.
 */
export const FAQ_QUERIES = ['where is my parcell', 'refund for a damaged package', 'customs fees for international shipping', 'how do I change the delivery address'];

// ───────────────────────────── the generator ─────────────────────────────

/** What fills the templates' `{slot}`s (each list written as one string, `|` between its words). */
const SLOTS: Record<string, readonly string[]> = Object.fromEntries(
  Object.entries({
    item: 'parcel|parcel|package|package|shipment|consignment|box|envelope|pallet|order',
    items: 'parcels|packages|shipments|consignments|boxes|pallets|orders',
    country:
      'Kenya|Uganda|Tanzania|Rwanda|Ethiopia|Nigeria|Ghana|South Africa|Egypt|Morocco|Germany|France|the Netherlands|Belgium|Spain|Italy|Poland|Sweden|the United Kingdom|Ireland|the United States|Canada|Brazil|Mexico|China|India|Japan|Australia|the United Arab Emirates|Turkey',
    city: 'Nairobi|Mombasa|Kisumu|Nakuru|Eldoret|Kampala|Dar es Salaam|Kigali|Addis Ababa|Lagos|Accra|Johannesburg|Cape Town|Cairo|Rotterdam|Amsterdam|Antwerp|Hamburg|Berlin|Paris|Madrid|Milan|Warsaw|London|Dublin|Toronto|Dubai|Mumbai|Shanghai|Singapore',
    day: 'Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|a public holiday|the weekend',
    service: 'express|economy|standard|same-day|next-day|priority|freight|cold chain|international express|scheduled',
    goods:
      'electronics|laptops|mobile phones|furniture|clothing|shoes|medicines|food|fresh produce|batteries|perfume|cosmetics|books|spare parts|artwork|jewellery|wine|tyres|machinery|printed documents',
    channel: 'the mobile app|our website|the customer portal|SMS|email|WhatsApp|the call centre',
    place: 'hub|warehouse|depot|pickup point|parcel locker|sorting centre|branch office|cross-dock',
    delay: '24 hours|48 hours|two working days|three working days|five working days|one week|14 days|30 days',
    amount: '5 USD|10 USD|25 USD|500 KES|1,500 KES|20 EUR|50 EUR|two percent of the declared value',
    document: 'commercial invoice|packing list|certificate of origin|proof of delivery|waybill|delivery note|import licence|receipt',
  }).map(([slot, words]) => [slot, words.split('|')]),
);

interface Topic {
  /** How often the topic comes up, relative to the others. */
  weight: number;
  /** The topic's tags: the first always, one of the others often. */
  tags: readonly string[];
  questions: readonly string[];
  /** Sentences of answers: two to four per FAQ. */
  answers: readonly string[];
}

const TOPICS: readonly Topic[] = [
  {
    weight: 10,
    tags: ['tracking', 'tracking number', 'status', 'notifications'],
    questions: [
      'How do I track my {item}?',
      'Where can I find the tracking number of my {item}?',
      'Why has the tracking status of my {item} not changed since {day}?',
      'What does the status "in transit" mean for a {service} {item}?',
      'Can I track several {items} at once in {channel}?',
      'How do I get notifications about my {item} by {channel}?',
      'My {item} to {city} shows no tracking updates, what should I do?',
    ],
    answers: [
      'Enter the tracking number in {channel} to see every scan of your {item} and its estimated delivery date.',
      'The tracking number is printed under the barcode on the label and in the confirmation we send by {channel}.',
      'Tracking changes only when the {item} is scanned at a {place} or by the driver, so a long line haul can show no update for {delay}.',
      "In transit means the {item} is moving between our hubs; out for delivery means it is on the driver's vehicle today.",
      'You can follow up to fifty tracking numbers at once in the customer portal and download their status as a spreadsheet.',
      'We send a notification by {channel} when the {item} is collected, on the morning of delivery and when it is delivered.',
      'If the status has not changed for more than {delay}, contact customer service with the tracking number and we will open an investigation.',
      'International shipments get a second tracking number from the carrier in {country}, shown on the same tracking page.',
    ],
  },
  {
    weight: 9,
    tags: ['delivery', 'delivery times', 'express', 'weekend'],
    questions: [
      'How long does {service} delivery to {city} take?',
      'Do you deliver on {day}?',
      'What time of day does the driver deliver in {city}?',
      'Can I get my {item} delivered the same day in {city}?',
      'What is the difference between {service} and standard delivery?',
      'Will my {item} be delayed during the holiday season?',
    ],
    answers: [
      '{service} delivery within {city} takes one working day; other regions take two to three working days.',
      'We deliver from Monday to Saturday between 8 am and 8 pm; deliveries on {day} are available in {city} for a surcharge of {amount}.',
      'Same-day delivery is available for {items} booked before 11 am within the city limits of {city}.',
      'On the morning of delivery we send a two-hour time window by {channel}.',
      'During peak season and public holidays deliveries can take up to {delay} longer than usual.',
      'Express {items} travel on dedicated vehicles and are delivered before noon; standard {items} are delivered during the day.',
      'Delivery times start when the {item} is scanned at our {place}, not when the label is created.',
    ],
  },
  {
    weight: 7,
    tags: ['missed delivery', 'delivery', 'redelivery', 'neighbour'],
    questions: [
      'I missed my delivery, what happens to my {item}?',
      'How many delivery attempts do you make in {city}?',
      'The driver left a card, how do I get my {item}?',
      'My {item} was left with a neighbour, how do I find it?',
      'Why was my {item} marked as delivered when I did not receive it?',
    ],
    answers: [
      'When nobody is at home the driver leaves a card and tries again on the next working day.',
      'We make two delivery attempts; after the second the {item} waits at the nearest {place} for {delay}.',
      'The card names the {place} where you can collect the {item} with an identity document and the tracking number.',
      'The proof of delivery in {channel} shows the name of the neighbour who received the {item} and a photo.',
      "If the {item} is marked as delivered but you did not receive it, report it within {delay} so we can check the driver's GPS record.",
      '{items} not collected within {delay} are returned to the sender.',
    ],
  },
  {
    weight: 6,
    tags: ['reschedule', 'delivery', 'delivery date'],
    questions: [
      'Can I reschedule the delivery of my {item} to {day}?',
      'How do I postpone a delivery while I am away?',
      'Can I choose a delivery time slot in {city}?',
      'How late can I change the delivery date of my {item}?',
    ],
    answers: [
      'You can move the delivery to another day in {channel} until 10 pm the evening before.',
      'A delivery can be postponed by up to {delay}; after that the {item} is held at the {place}.',
      'Time slots of two hours are available in {city} for {service} deliveries.',
      'Rescheduling is free of charge the first time; each further change costs {amount}.',
    ],
  },
  {
    weight: 6,
    tags: ['address', 'delivery address', 'redirect'],
    questions: [
      'How do I change the delivery address of my {item}?',
      'I entered the wrong address, can you redirect my {item}?',
      'Can you deliver my {item} to my office in {city}?',
      'Can I send my {item} to a {place} instead of my home?',
    ],
    answers: [
      'You can change the delivery address in {channel} until the {item} is out for delivery.',
      'A redirect to another address in {city} is free; a redirect to another city costs {amount}.',
      'Only the sender can change the address of an international {item}, before it leaves {country}.',
      'You can redirect the {item} to any {place} of our network and collect it there with the tracking number.',
      'If the address is incomplete the driver calls you; after two failed calls the {item} goes back to the {place}.',
    ],
  },
  {
    weight: 5,
    tags: ['pickup point', 'parcel locker', 'collection'],
    questions: [
      'Where is the nearest {place} in {city}?',
      'How long does a {place} keep my {item}?',
      'How do I open a parcel locker to collect my {item}?',
      'Can someone else collect my {item} from the {place}?',
    ],
    answers: [
      'Our {place} network in {city} is shown on the map in {channel} with opening hours.',
      'A {place} keeps the {item} for {delay}; then it is returned to the sender.',
      "Enter the six-digit code we send by {channel} on the locker's screen and the door opens.",
      'Another person can collect the {item} with your written authorisation and their own identity document.',
    ],
  },
  {
    weight: 5,
    tags: ['packaging', 'prohibited items', 'restricted goods'],
    questions: ['How should I pack {goods} for shipping?', 'Which items are prohibited in a {item}?', 'Can I send {goods} to {country}?', 'Do you sell boxes and packaging material at the {place}?'],
    answers: [
      'Pack {goods} in a rigid box with at least five centimetres of cushioning on every side.',
      'Weapons, explosives, cash and illegal drugs are prohibited; {goods} are restricted and need prior approval.',
      'Shipping {goods} to {country} is allowed when they are declared and meet the import rules of {country}.',
      'Every {place} sells boxes, tape and bubble wrap in four sizes.',
      'Liquids must be sealed in a leak-proof container and packed upright.',
    ],
  },
  {
    weight: 4,
    tags: ['dangerous goods', 'batteries', 'restricted goods'],
    questions: ['Can I ship lithium batteries in my {item}?', 'How do I send {goods} that count as dangerous goods?', 'Do you accept perfume and aerosols by air to {country}?'],
    answers: [
      'Lithium batteries installed in equipment are accepted by road; loose batteries need a dangerous goods declaration.',
      'Dangerous goods travel by road only, labelled and declared, and cost a surcharge of {amount}.',
      'Perfume and aerosols are flammable and cannot travel by air; they go by road or sea freight to {country}.',
      'Our {place} staff check dangerous goods labels before they accept the {item}.',
    ],
  },
  {
    weight: 5,
    tags: ['weight', 'dimensions', 'oversized'],
    questions: [
      'What is the maximum weight of a {item}?',
      'How do you calculate the volumetric weight of my {item}?',
      'Can I send an oversized {item} such as {goods}?',
      'Why was my {item} charged for more weight than I declared?',
    ],
    answers: [
      'A {item} may weigh up to 30 kg and measure up to 120 cm on its longest side.',
      'Volumetric weight is length times width times height in centimetres divided by 5,000; we charge the higher of the two weights.',
      'Oversized {items} such as {goods} travel as freight and are priced per pallet.',
      'Every {item} is weighed and measured at the {place}; when the weight differs from the booking the difference is charged.',
    ],
  },
  {
    weight: 8,
    tags: ['pricing', 'fees', 'quote', 'surcharge'],
    questions: [
      'How much does it cost to send a {item} to {city}?',
      'How do I get a quote for {service} shipping?',
      'What fees are added to the shipping price?',
      'Why did the price of my {item} change after booking?',
      'Do you offer discounts for businesses that send many {items}?',
    ],
    answers: [
      'The price depends on the weight, the size, the distance and the service; {service} shipping within the country starts at {amount}.',
      'Enter the origin, destination and size of the {item} in {channel} for an instant quote.',
      'A fuel surcharge, a remote area fee and, for international {items}, customs fees may be added to the shipping price.',
      'The price changes when the measured weight or size of the {item} differs from the booking.',
      'Businesses that send more than 100 {items} a month get a contract rate; ask our sales team.',
      'All prices include VAT unless the quote says otherwise.',
    ],
  },
  {
    weight: 6,
    tags: ['payment', 'invoice', 'billing'],
    questions: ['Which payment methods do you accept?', 'Where can I download the invoice for my {item}?', 'Can I pay for my shipment with M-Pesa?', 'Why was I charged twice for one {item}?'],
    answers: [
      'We accept cards, bank transfer, M-Pesa and, for contract customers, monthly invoicing.',
      'The invoice of every {item} can be downloaded as a PDF in {channel}.',
      'A double charge is usually a card authorisation that is released within {delay}; if not, send us the receipt.',
      'Contract customers receive one invoice per month with every {item} listed.',
    ],
  },
  {
    weight: 4,
    tags: ['cash on delivery', 'payment'],
    questions: ['Do you offer cash on delivery in {city}?', 'When does the sender receive the cash collected on delivery?', 'Can the recipient pay the driver by card or mobile money?'],
    answers: [
      'Cash on delivery is available in {city} for {items} up to a value of {amount}.',
      'The amount collected is paid to the sender within {delay} of delivery, minus a fee of {amount}.',
      'Drivers accept cash, cards and mobile money; the recipient gets a receipt by {channel}.',
    ],
  },
  {
    weight: 7,
    tags: ['refund', 'claims', 'compensation'],
    questions: [
      'How do I get a refund for a late {service} delivery?',
      'How long does a refund take?',
      'How do I file a claim for a damaged {item}?',
      'Am I entitled to compensation when my {item} arrives late?',
      'Can I get my money back if I cancel a {item}?',
    ],
    answers: [
      'File a claim in {channel} within {delay} of delivery with photos of the {item} and the packaging.',
      'Approved refunds are paid to the original payment method within {delay}.',
      'When a {service} {item} arrives late we refund the shipping price, not the value of the goods.',
      'Compensation for damaged or lost {items} is limited to {amount} unless the {item} was insured.',
      'A booking cancelled before collection is refunded in full; after collection the fee is {amount}.',
      'Keep the damaged {item} and its packaging until the claim is settled: we may inspect them.',
    ],
  },
  {
    weight: 6,
    tags: ['damaged', 'lost', 'claims'],
    questions: [
      'My {item} arrived damaged, what should I do?',
      'My {item} is lost, how do I report it?',
      'The box was crushed but the {goods} inside look fine, should I accept it?',
      'Part of my order is missing from the {item}, who do I contact?',
    ],
    answers: [
      "Note the damage on the driver's device or refuse the {item}, then take photos of the box and the {goods}.",
      'A {item} without a scan for {delay} is declared lost and the claim is opened automatically.',
      'Accept the {item} but note the damage to the box; hidden damage can be claimed within {delay}.',
      'Missing items are investigated with the weight recorded at the {place}; the sender is informed by {channel}.',
      'Damaged {items} are replaced or refunded once the claim is approved.',
    ],
  },
  {
    weight: 6,
    tags: ['returns', 'return label'],
    questions: [
      'How do I return a {item} to the sender?',
      'Where do I get a return label for my {item}?',
      'Can the driver collect my return from my home in {city}?',
      'How long do I have to send a return?',
    ],
    answers: [
      'Print the return label from {channel} and drop the {item} at any {place}.',
      'Returns are free when the sender pays for them; otherwise the return costs {amount}.',
      'A driver can collect the return from your address in {city} on the next working day.',
      'Most shops accept returns within {delay}; the return tracking number shows when the sender received it.',
    ],
  },
  {
    weight: 8,
    tags: ['customs', 'international shipping', 'import duty', 'documents'],
    questions: [
      'Which customs documents do I need to ship {goods} to {country}?',
      'Who pays the customs fees and import duties for international shipping?',
      'Why is my international {item} held in customs in {country}?',
      'How are customs duties calculated for {goods}?',
      'How long does customs clearance take in {country}?',
      'Can I send {goods} to {country} without a {document}?',
    ],
    answers: [
      'International {items} need a {document} and a customs declaration with the value and description of the {goods}.',
      'The recipient pays customs fees and import duties unless the sender books delivered duty paid.',
      'An international {item} is held in customs when a {document} is missing or the declared value is questioned.',
      'Customs duties in {country} depend on the tariff code, the origin and the declared value of the {goods}.',
      'Customs clearance in {country} usually takes one to three working days.',
      'We pay the duties for you and add them, with a clearance fee of {amount}, to the invoice.',
      'Goods above {amount} need a formal customs entry made by our broker in {city}.',
    ],
  },
  {
    weight: 4,
    tags: ['warehouse', 'storage', 'fulfilment'],
    questions: ['Can I store my stock in your warehouse in {city}?', 'How much does warehouse storage cost per pallet?', 'Do you pick and pack orders for online shops?'],
    answers: [
      'Our warehouse in {city} stores pallets and shelved stock with daily inventory reports.',
      'Storage costs {amount} per pallet per week; picking and packing is charged per order.',
      'Orders received before 2 pm are picked, packed and shipped the same day.',
      'Stock levels and every order can be followed in the customer portal.',
    ],
  },
  {
    weight: 3,
    tags: ['hub', 'cross-dock', 'network'],
    questions: ['Why did my {item} go through the {place} in {city}?', 'What happens to my {item} at a cross-dock?', 'How many hubs do you operate in {country}?'],
    answers: [
      'Every {item} is sorted at a {place} between collection and delivery.',
      'At a cross-dock the {item} moves from an inbound truck to an outbound truck without being stored.',
      'Our network in {country} has regional hubs in {city} and the other large cities.',
    ],
  },
  {
    weight: 5,
    tags: ['driver', 'courier', 'driver app'],
    questions: [
      'How do I contact the driver delivering my {item}?',
      'Can I see where the driver is on a map?',
      'How do drivers record proof of delivery?',
      'What should a driver do when the recipient refuses the {item}?',
    ],
    answers: [
      'On the day of delivery you can call or message the driver through {channel}.',
      "The live map in {channel} shows the driver's position when your {item} is one of the next stops.",
      'Drivers record a signature, a photo or a one-time code as proof of delivery.',
      'A refused {item} is scanned as refused and returned to the {place} the same day.',
    ],
  },
  {
    weight: 4,
    tags: ['account', 'api', 'integration'],
    questions: [
      'How do I create a business account?',
      'Do you have an API to book {items} from my online shop?',
      'How do I get webhook notifications about my {items}?',
      'How do I reset the password of my account?',
    ],
    answers: [
      'Register in {channel} with your company details; a business account is approved within {delay}.',
      'Our REST API books {items}, prints labels and returns tracking numbers; keys are made in the customer portal.',
      'Webhooks send every status change of your {items} to your server as JSON.',
      'Use the forgotten password link in {channel}; the link is valid for 24 hours.',
    ],
  },
  {
    weight: 3,
    tags: ['cold chain', 'temperature', 'perishable'],
    questions: ['Can you ship {goods} that must stay cold?', 'How is the temperature monitored during a cold chain shipment?'],
    answers: [
      'Cold chain {items} travel in refrigerated vehicles between two and eight degrees.',
      'A data logger records the temperature every five minutes; the report comes with the proof of delivery.',
      'Perishable {goods} are delivered within {delay} and never held over the weekend.',
    ],
  },
  {
    weight: 4,
    tags: ['freight', 'pallets', 'trucks'],
    questions: ['How do I book a pallet shipment to {city}?', 'Do you offer full truck loads to {country}?', 'Does the driver help unload heavy {goods}?'],
    answers: [
      'Pallets up to 1,000 kg are booked in {channel} and delivered with a tail-lift truck.',
      'Full and part truck loads to {country} are quoted per trip by our freight team.',
      'Drivers unload pallets to the kerb; unloading inside the building costs {amount}.',
    ],
  },
  {
    weight: 3,
    tags: ['insurance', 'declared value'],
    questions: ['Should I insure a valuable {item}?', 'How much does shipping insurance cost?', 'What does the insurance cover when my {item} is lost?'],
    answers: [
      'Insurance covers the declared value of the {item} against loss and damage.',
      'Insurance costs {amount} and must be added when the {item} is booked.',
      'Without insurance our liability is limited to {amount} per {item}.',
    ],
  },
];

/** Closing sentences, added to some answers. */
const CLOSINGS = [
  'Our customer service team is available from 8 am to 8 pm and can help by {channel}.',
  'For more help, contact customer service with the tracking number of your {item}.',
  'You can find more answers in the help centre of {channel}.',
];

/** One FAQ as the REST route takes it. */
export interface GeneratedFaq {
  question: string;
  answer: string;
  tags: string[];
}

const TOTAL_WEIGHT = TOPICS.reduce((a, t) => a + t.weight, 0);

/** The FAQs of the knowledge base, in order (the same sequence every time: `rng(FAQ_SEED)`). */
export function faqGenerator(): () => GeneratedFaq {
  const random = rng(FAQ_SEED);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
  const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  const fill = (template: string) => capital(template.replace(/\{(\w+)\}/g, (_, slot: string) => pick(SLOTS[slot])));
  const topicOf = () => {
    let x = random() * TOTAL_WEIGHT;
    for (const t of TOPICS) if ((x -= t.weight) < 0) return t;
    return TOPICS[TOPICS.length - 1];
  };
  return () => {
    const topic = topicOf();
    // two to four different sentences of the topic, in the order drawn, and sometimes a closing one
    const count = 2 + Math.floor(random() * 3);
    const sentences = new Set<string>();
    while (sentences.size < Math.min(count, topic.answers.length)) sentences.add(pick(topic.answers));
    const answer = [...sentences].map(fill);
    if (random() < 0.4) answer.push(fill(pick(CLOSINGS)));
    const tags = [topic.tags[0]];
    if (random() < 0.7) tags.push(pick(topic.tags.slice(1)));
    if (random() < 0.2) tags.push(pick(SLOTS.service));
    return { question: fill(pick(topic.questions)), answer: answer.join(' '), tags: [...new Set(tags)] };
  };
}

// ───────────────────────────── seeding ─────────────────────────────

/**
 * The `pg` client as the `EntityManager` the search's functions take (they only call `execute` with `?` placeholders;
 * no search statement has a literal `?`). `before`, when given, runs first with each statement (EXPLAIN).
 */
function emOf(client: pg.Client, before?: (sql: string, params: unknown[]) => Promise<void>): EntityManager {
  const execute = async (sql: string, params: unknown[] = []) => {
    const text = numbered(sql);
    await before?.(text, params);
    const { rows } = await client.query<Record<string, unknown>>(text, params);
    return rows;
  };
  return { execute } as unknown as EntityManager;
}

/** `count` FAQs of `next` into the LSP, SQL_BATCH rows a statement, each with its version row; the words learnt per batch. */
async function insertFaqs(client: pg.Client, t: Tenant, userId: string, next: () => GeneratedFaq, count: number, progress: (msg: string) => void): Promise<void> {
  const em = emOf(client);
  let lastReport = performance.now();
  for (let done = 0; done < count;) {
    const batch = Array.from({ length: Math.min(SQL_BATCH, count - done) }, () => {
      const f = next();
      return { ...f, tags_text: f.tags.join(' '), reference: `FAQ-${crockford(10)}` };
    });
    // the FAQ and its revision-1 version in one statement; `search` is a generated column
    await client.query(
      `with x as (
         select gen_random_uuid() as id, r.* from jsonb_to_recordset($3::jsonb) as r(question text, answer text, tags jsonb, tags_text text, reference text)
       ), f as (
         insert into dev.faq (id, workspace_id, icode, version, revision, question, answer, tags, contexts, reference, state, locked, created_at, created_by, updated_at, updated_by, tags_text)
         select id, $1, $2, '1.0', 1, question, answer, tags, '[]', reference, 'ACTIVE', false, now(), $4, now(), $4, tags_text from x
         returning id, question, answer, tags
       )
       insert into dev.faq_version (id, workspace_id, icode, version, revision, question, answer, tags, contexts, faq_id, edited_at, edited_by)
       select gen_random_uuid(), $1, $2, '1.0', 1, question, answer, tags, '[]', id, now(), $4 from f`,
      [t.workspaceId, t.icode, JSON.stringify(batch), userId],
    );
    await learnWords(em, t, ...batch.map((f) => `${f.question} ${f.answer} ${f.tags_text}`));
    done += batch.length;
    if (performance.now() - lastReport > 10_000) {
      lastReport = performance.now();
      progress(`  ${done.toLocaleString('en-US')} of ${count.toLocaleString('en-US')} FAQs inserted`);
    }
  }
}

/**
 * The two LSPs and their knowledge bases (see the header comment), in the workspace the owner's `accessToken` owns;
 * `databaseUrl`: the platform's database.
 */
export async function seedFaqs(bridge: string, databaseUrl: string, accessToken: string, workspaceId: string, stamp: string, progress: (msg: string) => void): Promise<FaqFixtures> {
  const owner = setA(accessToken);
  const made: { size: number; code: string; contextToken: string; userId: string; next: () => GeneratedFaq }[] = [];
  const apiStarted = performance.now();
  for (const size of FAQ_SIZES) {
    const { code: icode, contextToken } = await createProvider(bridge, owner, workspaceId, 'lsp', {
      type: 'CARRIER',
      name: `Bench Help Desk ${size} ${stamp}`,
      contacts: { emails: ['help@bench.example'], phones: ['+254700000002'] },
      address: { city: 'Nairobi', country: 'KE', coordinates: [-1.2864, 36.8172] },
    });
    const next = faqGenerator();
    for (let i = 0; i < FAQS_BY_API; i++) {
      await call('POST', `${bridge}/v1/lsps/${encodeURIComponent(icode)}/faqs`, setB(contextToken), { version: '1.0', ...next() }, [201]);
    }
    made.push({ size, code: icode, contextToken, userId: String(jwtClaims(contextToken).sub), next });
  }
  const apiSeconds = (performance.now() - apiStarted) / 1000;

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const sqlStarted = performance.now();
    for (const m of made) {
      progress(`inserting ${(m.size - FAQS_BY_API).toLocaleString('en-US')} FAQs of LSP ${m.code} by SQL (batches of ${SQL_BATCH.toLocaleString('en-US')}) ...`);
      await insertFaqs(client, { workspaceId, icode: m.code }, m.userId, m.next, m.size - FAQS_BY_API, progress);
    }
    const sqlSeconds = (performance.now() - sqlStarted) / 1000;
    const analyzeStarted = performance.now();
    // as autovacuum would after a bulk load (PGlite runs none): statistics, and the GIN index's pending list merged
    await client.query('vacuum analyze dev.faq, dev.faq_term');
    const analyzeSeconds = (performance.now() - analyzeStarted) / 1000;
    const bases: FaqBase[] = [];
    for (const m of made) {
      const { rows } = await client.query<{ n: string }>('select count(*) as n from dev.faq_term where workspace_id = $1 and icode = $2', [workspaceId, m.code]);
      bases.push({ size: m.size, code: m.code, contextToken: m.contextToken, terms: Number(rows[0].n) });
    }
    progress(
      `  FAQs made in ${(apiSeconds + sqlSeconds + analyzeSeconds).toFixed(1)} s (API ${apiSeconds.toFixed(1)} s, SQL ${sqlSeconds.toFixed(1)} s, VACUUM ANALYZE ${analyzeSeconds.toFixed(1)} s)`,
    );
    return { bases, apiSeconds, sqlSeconds, analyzeSeconds };
  } finally {
    await client.end();
  }
}

/** Removes the FAQs (their versions go with them) and the vocabulary of the bench's workspace from DATABASE_URL. */
export async function removeFaqs(client: pg.Client, workspaceId: string): Promise<number> {
  const { rowCount } = await client.query('delete from dev.faq where workspace_id = $1', [workspaceId]);
  await client.query('delete from dev.faq_term where workspace_id = $1', [workspaceId]);
  return rowCount ?? 0;
}

// ───────────────────────────── what the search does with them ─────────────────────────────

export interface QueryShare {
  query: string;
  interpretedAs: string;
  /** By base (FAQ_SIZES order): the share of its FAQs that have every word (or a synonym), and any word. */
  all: number[];
  any: number[];
}

export interface SearchPlans {
  query: string;
  /** Of the base with the most FAQs, EXPLAIN (ANALYZE, BUFFERS) of the correction statement and of the search statement. */
  size: number;
  correction: string;
  search: string;
  /**
   * By base (FAQ_SIZES order): the search statement's execution time (ms, from its EXPLAIN ANALYZE), the candidates it
   * ranked, and the FAQs its bitmap scans of the GIN index on `search` found (every LSP's: the index is the table's).
   */
  bases: { size: number; searchMs: number; candidates: number; ginRows: number }[];
}

/** How much of each base every query matches, by the search's own reading of the query (corrections, synonyms). */
export async function querySharesOf(databaseUrl: string, workspaceId: string, fx: FaqFixtures): Promise<QueryShare[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const em = emOf(client);
    const shares: QueryShare[] = [];
    for (const query of FAQ_QUERIES) {
      const share: QueryShare = { query, interpretedAs: '', all: [], any: [] };
      for (const base of fx.bases) {
        const plan = await planSearch(em, { workspaceId, icode: base.code }, query);
        share.interpretedAs = plan.interpretedAs;
        const { rows } = await client.query<{ n: string; all_n: string; any_n: string }>(
          `select count(*) as n, count(*) filter (where search @@ $3::tsquery) as all_n, count(*) filter (where search @@ $4::tsquery) as any_n
             from dev.faq where workspace_id = $1 and icode = $2 and state = 'ACTIVE'`,
          [workspaceId, base.code, plan.all || plan.any, plan.any],
        );
        const n = Number(rows[0].n);
        share.all.push(Number(rows[0].all_n) / n);
        share.any.push(Number(rows[0].any_n) / n);
      }
      shares.push(share);
    }
    return shares;
  } finally {
    await client.end();
  }
}

/**
 * The query plans of one search (the first query, first page), as the search runs it: planSearch and
 * runSearch on a `pg` client, each statement explained (EXPLAIN ANALYZE runs it) after a first run that warms the
 * cache. The plans of the largest base are kept; the search statement's execution time of every base.
 */
export async function searchPlansOf(databaseUrl: string, workspaceId: string, fx: FaqFixtures): Promise<SearchPlans> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const query = FAQ_QUERIES[0];
    const out: SearchPlans = { query, size: 0, correction: '', search: '', bases: [] };
    for (const base of fx.bases) {
      const t = { workspaceId, icode: base.code };
      // the first page as the route asks for it: no page, no limit (kernel/graphql-types.ts `pageWindow`: 20 items; not
      // imported, as it would load type-graphql's decorators into the bench)
      const search = async (em: EntityManager) => runSearch(em, t, await planSearch(em, t, query), { state: 'ACTIVE' }, { limit: 20, offset: 0 });
      await search(emOf(client));
      const plans: { sql: string; text: string }[] = [];
      const { total } = await search(
        emOf(client, async (sql, params) => {
          const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${sql}`, params);
          plans.push({ sql, text: rows.map((r) => r['QUERY PLAN']).join('\n') });
        }),
      );
      const searchPlan = plans.find((p) => /\bcand as\b/.test(p.sql))?.text ?? '';
      const ginRows = [...searchPlan.matchAll(/Bitmap Index Scan on faq_search_index\s+\(cost=[^)]*\) \(actual time=[\d.]+\.\.[\d.]+ rows=(\d+)/g)].reduce((a, m) => a + Number(m[1]), 0);
      out.bases.push({ size: base.size, searchMs: Number(/Execution Time: ([\d.]+) ms/.exec(searchPlan)?.[1] ?? NaN), candidates: total, ginRows });
      if (base.size >= out.size) {
        out.size = base.size;
        out.correction = plans.find((p) => /dev\.faq_term/.test(p.sql))?.text ?? '';
        out.search = searchPlan;
      }
    }
    return out;
  } finally {
    await client.end();
  }
}

/** The indexes a plan reads (`Index Scan using x`, `Bitmap Index Scan on x` …). */
export const indexesOf = (plan: string): string[] => [...new Set([...plan.matchAll(/(?:Index(?: Only)? Scan(?: Backward)? using|Bitmap Index Scan on) (\w+)/g)].map((m) => m[1]))];

// ───────────────────────────── the routes ─────────────────────────────

/**
 * One scenario of the `faqs` route: the FAQ search of the LSP whose knowledge base is FAQ_SIZES[base], with
 * FAQ_QUERIES in turn. Like `operators`, gateway and bridge only: the search is several statements and the reading of
 * the query (corrections, synonyms) in Node, which a bare handler would have to copy.
 */
function faqRoute(id: string, base: number): RouteDef {
  const title = `GET /v1/lsps/:icode/faqs/search, ${FAQ_SIZES[base].toLocaleString('en-US')} FAQs`;
  return {
    id,
    option: 'faqs',
    title,
    subgraph: 'dev',
    layers: ['gateway', 'bridge'],
    targets({ ports, fx }) {
      const lsp = fx.faqs?.bases[base];
      if (!lsp) throw new Error('the faqs route has no fixtures (seed without FAQs)');
      const headers = setB(lsp.contextToken);
      const operation = operationOf('GET', '/v1/lsps/:icode/faqs/search');
      const paths = FAQ_QUERIES.map((q) => `/v1/lsps/${encodeURIComponent(lsp.code)}/faqs/search?query=${encodeURIComponent(q)}`);
      const bodies = FAQ_QUERIES.map((q) => JSON.stringify({ query: operation, variables: { icode: lsp.code, query: q } }));
      return {
        gateway: { url: local(ports.GATEWAY_PORT, '/graphql'), method: 'POST', headers: () => headers, bodies, ok: answers.graphql },
        bridge: { url: local(ports.BRIDGE_PORT, paths[0]), method: 'GET', headers: () => headers, paths, ok: answers.envelope },
      };
    },
    checkNote(checked) {
      if (checked.bridge === undefined) return undefined;
      const a = checked.bridge as { data?: unknown[]; pagination?: { total?: number }; interpretedAs?: string };
      const note = `${title}: the check request ("${FAQ_QUERIES[0]}", read as "${a.interpretedAs}") answered ${a.data?.length ?? 0} FAQs of ${(a.pagination?.total ?? 0).toLocaleString('en-US')} ranked candidates`;
      return a.data?.length ? note : `**${note}**`;
    },
  };
}

/** The two scenarios of the `faqs` route (BENCH_ROUTES `faqs`). */
export const FAQ_ROUTES: RouteDef[] = [faqRoute('faqs-1k', 0), faqRoute('faqs-100k', 1)];

/** Issue 15: an index-backed search costs about the same at 100 times the FAQs. */
export const FAQ_P95: P95Ratio[] = [{ of: 'faqs-100k', base: 'faqs-1k', label: 'GET /v1/lsps/:icode/faqs/search, 100,000 ÷ 1,000 FAQs', target: 2 }];

/** The settings table's words on the `faqs` fixtures. */
export const FAQ_DATA = `faqs: 2 LSPs with ${FAQ_SIZES.map((n) => n.toLocaleString('en-US')).join(' and ')} FAQs of one generator, the queries ${FAQ_QUERIES.map((q) => `"${q}"`).join(', ')} in turn (the first page: 20 FAQs)`;

// ───────────────────────────── notes ─────────────────────────────

/**
 * Notes on the FAQ knowledge bases: how much of each the queries match (the search's own reading of them), and the
 * plans of one search at the largest: the correction reads the GiST index of the vocabulary, the candidates the GIN
 * index of the FAQs' search vectors (or, for a query the planner knows to match much of the base, a scan that stops at
 * the candidates' limit).
 */
export async function faqNotes(url: string, fx: Fixtures): Promise<string[]> {
  const f = fx.faqs!;
  const sizes = f.bases.map((b) => b.size.toLocaleString('en-US')).join(' / ');
  const percents = (xs: number[]) => xs.map(fmt.percent).join(' / ');
  const shares = await querySharesOf(url, fx.workspaceId, f);
  const notes = [
    `FAQ search: the share of the ${sizes} FAQs each query matches, with every word (or a synonym) / with any: ` +
      shares.map((s) => `"${s.query}"${s.interpretedAs !== s.query.toLowerCase() ? ` (read as "${s.interpretedAs}")` : ''} ${percents(s.all)} every, ${percents(s.any)} any`).join('; '),
  ];
  const plans = await searchPlansOf(url, fx.workspaceId, f);
  const correction = indexesOf(plans.correction);
  const search = indexesOf(plans.search);
  // the correction must read the GiST index; the candidates may do without the GIN index when the planner knows the
  // query matches much of the base (a scan that stops at the candidates' limit is then cheaper)
  const gist = correction.includes('faq_term_trgm_index') ? '' : ' (**not the GiST index faq_term_trgm_index**)';
  const gin = search.includes('faq_search_index')
    ? ''
    : " (not the GIN index faq_search_index: the query matches so much of the base that reading the LSP's rows until the candidates are found is cheaper; a rarer word takes the GIN index)";
  const by = (cell: (b: (typeof plans.bases)[number]) => string) => plans.bases.map(cell).join(' / ');
  notes.push(
    `FAQ search plans at ${plans.size.toLocaleString('en-US')} FAQs ("${plans.query}", first page; EXPLAIN (ANALYZE, BUFFERS) of the statements of search.ts, after one run): ` +
      `the correction reads ${correction.join(', ') || 'no index'}${gist}, the search statement ${search.join(', ') || 'no index'}${gin}. At ${sizes} FAQs the search statement ran in ${by((b) => `${b.searchMs.toFixed(1)} ms`)}, ` +
      `ranked ${by((b) => b.candidates.toLocaleString('en-US'))} candidates` +
      (plans.bases.some((b) => b.ginRows > 0)
        ? `, and its bitmap scans of faq_search_index found ${by((b) => b.ginRows.toLocaleString('en-US'))} FAQs (of every LSP in the table: the GIN index is not scoped by LSP)`
        : '') +
      ':' +
      `\n\n${code(plans.correction)}\n\n${code(plans.search)}`,
  );
  return notes;
}

/** The note on how the FAQ fixtures were made. */
export function faqFixtureNote(f: FaqFixtures): string {
  const sql = f.bases.reduce((a, b) => a + b.size - FAQS_BY_API, 0);
  return (
    `fixtures: the FAQ search's ${f.bases.length} LSPs with ${f.bases.map((b) => `${b.size.toLocaleString('en-US')} FAQs (${b.terms.toLocaleString('en-US')} vocabulary words)`).join(' and ')}: ` +
    `${FAQS_BY_API} each through POST /v1/lsps/:icode/faqs in ${f.apiSeconds.toFixed(1)} s, the other ${sql.toLocaleString('en-US')} by SQL in ${f.sqlSeconds.toFixed(1)} s ` +
    `(${Math.round(sql / f.sqlSeconds).toLocaleString('en-US')} FAQs/s, with their versions and vocabulary), then VACUUM ANALYZE in ${f.analyzeSeconds.toFixed(1)} s`
  );
}
