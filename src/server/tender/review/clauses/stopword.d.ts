// The German list of the "stopword" package (it ships no types of its own).
declare module "stopword" {
  export const deu: string[];
}
