import 'reflect-metadata';
import { loadConfigOrExit } from '../../kernel/config.js';
import { runSubgraph } from '../../kernel/subgraph.js';
import { usersSubgraph } from './subgraph.js';

await runSubgraph(usersSubgraph, loadConfigOrExit());
