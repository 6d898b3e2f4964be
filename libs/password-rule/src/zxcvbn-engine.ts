// The strength estimator with its dictionaries (the common-password list and English words, names
// and Wikipedia terms: about 1 MB of JavaScript). Imported only by loadPasswordRule(), on demand:
// the browser fetches it on the password screens, never with the sign-in page; a server process
// loads it once.
import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';

zxcvbnOptions.setOptions({
  dictionary: { ...commonDictionary, ...englishDictionary },
  graphs: adjacencyGraphs,
  translations,
  // Off: edit-distance matching costs 150–400 ms of CPU per check (it would hold a server's event
  // loop on every sign-in); l33t and exact matching still catch "p@ssw0rd" and the account's words.
  useLevenshteinDistance: false,
});

export type Estimate = {
  score: 0 | 1 | 2 | 3 | 4;
  warning: string | null;
  suggestions: string[];
};

/** zxcvbn's score (0–4) and feedback for `password`, with the account's own words as user inputs. */
export function estimate(password: string, userInputs: string[]): Estimate {
  const result = zxcvbn(password, userInputs);
  return {
    score: result.score,
    warning: result.feedback.warning || null,
    suggestions: result.feedback.suggestions,
  };
}
