/**
 * The password strength estimate behind the meter of /register, /auth/reset and /personal: zxcvbn-ts with its common
 * dictionary (~800 KB). Only ever imported dynamically (client/components/PasswordField.tsx), so it is a chunk of its
 * own that loads when a visitor first types a new password — never part of the main bundle.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });

/** 0 (very weak) … 4 (strong); the visitor's other fields (name, e-mail) count as guessable. */
export function passwordScore(password: string, userInputs: string[] = []): 0 | 1 | 2 | 3 | 4 {
  return zxcvbn.check(password.slice(0, 128), userInputs.filter(Boolean)).score;
}
