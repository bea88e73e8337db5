// The in-page provider's build-time inputs (scripts/build-web.ts): the corpus, and the dev key's seed.
declare module "playground:corpus" {
  const corpus: unknown;
  export default corpus;
}
declare module "playground:dev-seed" {
  const seedHex: string;
  export default seedHex;
}
