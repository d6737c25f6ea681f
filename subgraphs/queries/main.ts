import 'reflect-metadata';
import { loadConfigOrExit } from '../../kernel/config.js';
import { runSubgraph } from '../../kernel/subgraph.js';
import { queriesSubgraph } from './subgraph.js';

await runSubgraph(queriesSubgraph, loadConfigOrExit());
