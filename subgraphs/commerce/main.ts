import 'reflect-metadata';
import { loadConfigOrExit } from '../../kernel/config.js';
import { runSubgraph } from '../../kernel/subgraph.js';
import { commerceSubgraph } from './subgraph.js';

await runSubgraph(commerceSubgraph, loadConfigOrExit());
