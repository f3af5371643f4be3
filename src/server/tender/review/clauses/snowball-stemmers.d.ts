// The package ships no types; the one function used here.
declare module "snowball-stemmers" {
  interface Stemmer {
    stem(word: string): string;
  }
  export function newStemmer(language: string): Stemmer;
  export function algorithms(): string[];
}
