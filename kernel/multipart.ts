/**
 * A GraphQL multipart request (https://github.com/jaydenseric/graphql-multipart-request-spec): the operation with
 * `null` where each file goes, the map of file part → variable path, then the files. The bridge (files it read) and the
 * gateway (uploads it forwards to a subgraph) both send uploads this way.
 */
export interface MultipartFile {
  /** Where the file goes in the operation, e.g. `variables.input.selfie`. */
  path: string;
  blob: Blob;
  filename: string;
}

export function graphqlMultipartForm(operations: object, files: MultipartFile[]): FormData {
  const form = new FormData();
  form.append('operations', JSON.stringify(operations));
  form.append('map', JSON.stringify(Object.fromEntries(files.map((f, i) => [String(i), [f.path]]))));
  files.forEach((f, i) => form.append(String(i), f.blob, f.filename));
  return form;
}
