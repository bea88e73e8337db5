// JSON modules the Worker imports (wrangler bundles them). The corpus is a build product
// (`frameline index`), so its shape is checked at run time by `readCorpus`, not by the compiler.
declare module "*.json" {
  const value: unknown;
  export default value;
}
