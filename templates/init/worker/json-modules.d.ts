// worker/corpus.json is built by `frameline index docs` (wrangler's build step) and bundled by wrangler
// as a JSON module; its shape is checked when the Worker starts, by `readCorpus`.
declare module "*.json" {
  const value: unknown;
  export default value;
}
