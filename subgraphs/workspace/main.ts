import 'reflect-metadata';
import { loadConfigOrExit } from '../../kernel/config.js';
import { runSubgraph } from '../../kernel/subgraph.js';
import { workspaceSubgraph } from './subgraph.js';

await runSubgraph(workspaceSubgraph, loadConfigOrExit());
