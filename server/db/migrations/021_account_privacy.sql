-- Orders belong to their owner (docs/decisions/034-orders-belong-to-their-owner.md).

-- Set when the account's address was confirmed from a browser that is not the registrant's (or the requester's, for
-- an e-mail change): whoever holds the password may not be the mailbox's owner, so the account's sessions ended and
-- guest orders placed with the address stay unattached until a password is set through a reset link (which clears it).
ALTER TABLE users ADD COLUMN guest_orders_held boolean NOT NULL DEFAULT false;

-- "Forgot password" requests, written alike for every address before the answer; the account look-up, the link and
-- the mail happen afterwards (AccountService.sendResetLinks), so the answer tells nobody whether an account exists.
CREATE TABLE reset_requests (
  id         bigserial PRIMARY KEY,
  email      text NOT NULL,
  site       text NOT NULL,
  language   text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
