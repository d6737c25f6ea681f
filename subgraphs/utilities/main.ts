import 'reflect-metadata';
import { loadConfigOrExit } from '../../kernel/config.js';
import { runSubgraph } from '../../kernel/subgraph.js';
import { utilitiesSubgraph } from './subgraph.js';

await runSubgraph(utilitiesSubgraph, loadConfigOrExit());
