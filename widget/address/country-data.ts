/** One piece of data per country (phone metadata, a postal code format), each loaded once on demand. */
export class CountryData<T> {
  readonly #values = new Map<string, T>();

  readonly #loadOne: (country: string) => Promise<T>;

  constructor(loadOne: (country: string) => Promise<T>) {
    this.#loadOne = loadOne;
  }

  /** Starts loading the countries not here yet, one promise each; a failed load is asked again next time. */
  load(countries: readonly string[]): Promise<unknown>[] {
    return [...new Set(countries)]
      .filter((country) => country && !this.#values.has(country))
      .map((country) => this.#loadOne(country).then((value) => void this.#values.set(country, value), () => undefined));
  }

  get(country: string): T | undefined {
    return this.#values.get(country);
  }
}
