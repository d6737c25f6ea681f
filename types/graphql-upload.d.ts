// Ambient declarations for graphql-upload 17 (its JSDoc sources fail strict type-checking).
declare module 'graphql-upload/GraphQLUpload.mjs' {
  import type { GraphQLScalarType } from 'graphql';
  const GraphQLUpload: GraphQLScalarType;
  export default GraphQLUpload;
}
declare module 'graphql-upload/Upload.mjs' {
  import type { Readable } from 'node:stream';
  export interface FileUpload {
    filename: string;
    mimetype: string;
    encoding: string;
    createReadStream(options?: { encoding?: string; highWaterMark?: number }): Readable;
  }
  export default class Upload {
    promise: Promise<FileUpload>;
    file?: FileUpload;
    /** Settles the upload with its file (how a server that received the file itself hands it on). */
    resolve(file: FileUpload): void;
    reject(error: Error): void;
  }
}
declare module 'graphql-upload/graphqlUploadExpress.mjs' {
  import type { RequestHandler } from 'express';
  export default function graphqlUploadExpress(options?: { maxFieldSize?: number; maxFileSize?: number; maxFiles?: number }): RequestHandler;
}
