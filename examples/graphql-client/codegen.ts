import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * GraphQL Code Generator for the example client: types for every operation in src/, from the committed supergraph
 * (schema/supergraph.graphql). `npm run examples:check` runs it and type-checks the example, so an operation that no
 * longer matches the schema fails CI.
 */
const config: CodegenConfig = {
  schema: '../../schema/supergraph.graphql',
  documents: ['src/**/*.ts', '!src/gql/**/*'],
  generates: {
    'src/gql/': {
      preset: 'client',
      config: {
        // the platform's own scalars, as they travel in JSON (docs/graph-conventions.md)
        scalars: { DateTime: 'string', Decimal: 'string', JSONObject: 'Record<string, unknown>', Upload: 'File' },
        enumsAsTypes: true,
        useTypeImports: true,
      },
    },
  },
  ignoreNoDocuments: false,
  // ES module imports with their .js extension (NodeNext and bundlers alike)
  emitLegacyCommonJSImports: false,
};

export default config;
