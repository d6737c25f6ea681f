import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventSubscriber, TransactionEventArgs } from '@mikro-orm/core';

/**
 * Work that must wait for a transaction to commit and never happen if it rolls back: counting what it made final (a
 * pipeline execution's end in `pipeline_executions_total`, kernel/metrics.ts). `afterCommit(tx, fn)` runs `fn` right
 * after the transaction of `tx` commits; a rollback forgets it. A nested transaction (savepoint) runs its hooks when it
 * is released, as kernel/revocations.ts delivers its revocations. Hooks are quick and synchronous; one that throws is
 * ignored (it never fails the commit or the others).
 */
const hooks = new WeakMap<object, (() => void)[]>();

export function afterCommit(tx: EntityManager, fn: () => void): void {
  const trx: object | undefined = tx.getTransactionContext();
  if (!trx) throw new Error('afterCommit() runs inside the transaction whose commit it waits for (em.transactional)');
  const list = hooks.get(trx);
  if (list) list.push(fn);
  else hooks.set(trx, [fn]);
}

/** MikroORM subscriber (registered by kernel/db.ts on every ORM): runs a transaction's hooks after it commits. */
export class CommitHookSubscriber implements EventSubscriber {
  afterTransactionCommit(args: TransactionEventArgs): void {
    const trx = args.transaction as object | undefined;
    const list = trx && hooks.get(trx);
    if (!list) return;
    hooks.delete(trx);
    for (const fn of list) {
      try {
        fn();
      } catch {
        /* a hook never fails a commit */
      }
    }
  }

  afterTransactionRollback(args: TransactionEventArgs): void {
    if (args.transaction) hooks.delete(args.transaction as object);
  }
}
