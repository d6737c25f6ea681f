import type { SubgraphDefinition } from '../kernel/subgraph.js';
import { usersSubgraph } from './users/subgraph.js';
import { workspaceSubgraph } from './workspace/subgraph.js';
import { lspSubgraph } from './lsp/subgraph.js';
import { utilitiesSubgraph } from './utilities/subgraph.js';
import { commerceSubgraph } from './commerce/subgraph.js';
import { devSubgraph } from './dev/subgraph.js';
import { iotSubgraph } from './iot/subgraph.js';
import { queriesSubgraph } from './queries/subgraph.js';
import { pipelinesSubgraph } from './pipelines/subgraph.js';

/** Every subgraph of the platform, in start order. A new family adds its folder and one line here. */
export const subgraphs: SubgraphDefinition[] = [usersSubgraph, workspaceSubgraph, lspSubgraph, utilitiesSubgraph, commerceSubgraph, devSubgraph, iotSubgraph, queriesSubgraph, pipelinesSubgraph];
