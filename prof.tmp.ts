import { localD1 } from "./test/support/worker/d1.ts";
const d1 = await localD1();
const db = d1.db as any;
try {
  await db.exec("CREATE TABLE m (x TEXT);\nINSERT INTO m VALUES ('a;\nb''c');\nINSERT INTO m VALUES ('two');");
  console.log((await db.prepare("SELECT x FROM m").all()).results);
} catch (e) {
  console.log("exec failed", (e as Error).message);
}
await d1.dispose();
