import 'reflect-metadata';
import { loadConfigOrExit } from '../../kernel/config.js';
import { runSubgraph } from '../../kernel/subgraph.js';
import { lspSubgraph } from './subgraph.js';

await runSubgraph(lspSubgraph, loadConfigOrExit());
