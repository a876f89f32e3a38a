/** The public face of server/limits/: the one rate limiter and its named policies (docs/decisions/030-one-limiter.md). */
export { addressKey } from './client-address.ts';
export { type Claim, limits } from './limits.ts';
export {
  type BackoffPolicy,
  type BackoffPolicyName,
  backoffDelaySeconds,
  POLICIES,
  type Policy,
  type PolicyName,
  type WindowPolicy,
} from './policies.ts';
