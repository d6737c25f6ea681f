import 'reflect-metadata';
import { loadConfigOrExit } from '../../kernel/config.js';
import { runSubgraph } from '../../kernel/subgraph.js';
import { iotSubgraph } from './subgraph.js';

await runSubgraph(iotSubgraph, loadConfigOrExit());
