import 'reflect-metadata';
import { loadConfigOrExit } from '../../kernel/config.js';
import { runSubgraph } from '../../kernel/subgraph.js';
import { devSubgraph } from './subgraph.js';

await runSubgraph(devSubgraph, loadConfigOrExit());
