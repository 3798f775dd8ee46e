// Shared building blocks of the source-code detectors (see docs/detectors.md):
// - languages.ts  one registration of the tree-sitter grammars, `parseSource`
// - occurrence.ts evidence (path, 1-based line/column, byte offset, symbol, snippet)
// - value.ts      resolved values, with an explicit Unknown
// - symbols.ts    per-file symbol table (constants, fields, locals, reassignments)
// - evaluate.ts   the evaluator over a per-language `LanguageAdapter`
// - sink.ts       detection collection
// - versions.ts   TLS protocol-version spellings
// - transformation.ts cipher transformations "AES/GCM/NoPadding" (JCA, Bouncy Castle for .NET)
// - scopes.ts     innermost function/class around a node, from one query
export * from './languages.js';
export * from './occurrence.js';
export * from './value.js';
export * from './symbols.js';
export * from './evaluate.js';
export * from './sink.js';
export * from './versions.js';
export * from './scopes.js';
