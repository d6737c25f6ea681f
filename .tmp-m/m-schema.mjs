import 'reflect-metadata';
import { buildSchema } from 'type-graphql';
import { printSchema } from 'graphql';
import { DateTimeScalar } from '/work/main/dist/kernel/scalars.js';
const { MonitoringResolver } = await import('/work/main/dist/subgraphs/pipelines/monitoring/resolvers.js');
const { WorkerResolver } = await import('/work/main/dist/subgraphs/pipelines/workers/resolvers.js');
const s = await buildSchema({ resolvers: [MonitoringResolver, WorkerResolver], scalarsMap: [{ type: Date, scalar: DateTimeScalar }], validate: false });
const txt = printSchema(s);
console.log(txt.length);
import { isObjectType, isInputObjectType, isEnumType } from 'graphql';
for (const t of Object.values(s.getTypeMap())) {
  if (t.name.startsWith('__')) continue;
  if (!t.description) console.log('NO DESC type', t.name);
  if (isObjectType(t) || isInputObjectType(t)) for (const f of Object.values(t.getFields())) { if (!f.description) console.log('NO DESC', t.name, f.name); for (const a of f.args ?? []) if (!a.description) console.log('NO DESC arg', t.name, f.name, a.name); }
  if (isEnumType(t)) for (const v of t.getValues()) if (!v.description) console.log('NO DESC enum', t.name, v.name);
}
