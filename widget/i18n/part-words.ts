// How a part with words of its own (feature-words.ts) gets them in the page's language: a file per
// language, i18n/<tag>/<file>.ts, asked for along the tag's chain. Lazy, with the parts that use it
// (the SINPE Móvil panel, the invoice, the session's clock, the popup mode, a dollar order): a card
// purchase never downloads it. What the first script must know of it lives in localize.ts.
import type { WordsFile, WordsLayer } from './feature-words.ts';
import { languages } from './languages.ts';
import { arrivals, coming, fallbackChain, over, pageTags, partLookups, wordsSettled } from './localize.ts';

/** A feature's words file per language: its words once here, null while on its way or when it is not there. */
const wordFiles = new Map<string, object | null>();

/**
 * A part's `partReady` (parts/loader.ts): its words (`words`, its featureWords lookup) asked for every
 * tag this page speaks, settled before the part shows.
 */
export function partWords(words: (tag: string) => unknown): Promise<void> {
  partLookups.add(words);
  for (const tag of pageTags) words(tag);
  return wordsSettled();
}

/**
 * A feature's words for `tag`: English's (the feature's own) under those of each language of the
 * chain that has the file i18n/<language>/<file>.ts, asked for the first time a tag needs it
 * (`load`, the feature's own `import()` of that path, which every bundler follows). Until a file
 * arrives its words are the next language's; once it does, onWordsArrival's listeners render again.
 * A file a language does not have (a regional variant saying nothing of the feature) or that did not
 * arrive leaves the words to the next one, English at the end.
 */
export function featureWords<T extends object>(file: string, tag: string, english: T, load: (language: string) => Promise<WordsFile<T>>): T {
  return fallbackChain(tag)
    .filter((language) => Object.hasOwn(languages, language))
    .reverse()
    .reduce<T>((words, language) => {
      const key = `${language}/${file}`;
      if (!wordFiles.has(key)) {
        wordFiles.set(key, null);
        const arrival = load(language).then(
          (module) => {
            wordFiles.set(key, module.words);
            for (const listener of arrivals) listener();
          },
          () => undefined,
        );
        coming.add(arrival);
        void arrival.then(() => coming.delete(arrival));
      }
      const layer = wordFiles.get(key) as WordsLayer<T> | null;
      return layer ? over(words, layer) : words;
    }, english);
}
