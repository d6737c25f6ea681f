import 'reflect-metadata';
import { loadConfigOrExit } from '../../kernel/config.js';
import { runSubgraph } from '../../kernel/subgraph.js';
import { pipelinesSubgraph } from './subgraph.js';

await runSubgraph(pipelinesSubgraph, loadConfigOrExit());
