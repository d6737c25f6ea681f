import { graphql } from './gql/index.js';

/** The operations docs/graphql.md walks through; their types are generated from the committed supergraph. */

export const Login = graphql(`
  mutation Login($input: LoginInput!) {
    login(input: $input) {
      accessToken
      refreshToken
      user {
        id
        name
      }
    }
  }
`);

export const Me = graphql(`
  query Me {
    me {
      id
      name
      email
      verified
      createdAt
    }
  }
`);

export const MyWorkspaces = graphql(`
  query MyWorkspaces($page: Int, $limit: Int) {
    myWorkspaces(page: $page, limit: $limit) {
      items {
        role
        workspace {
          id
          name
        }
      }
      pagination {
        page
        limit
        total
        pages
        hasNext
      }
    }
  }
`);
