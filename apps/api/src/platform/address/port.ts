/** A point on the earth in degrees (WGS 84), as geocoding answers it. */
export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** One place an address form can fill in: the geocode parts (postal code, locality, area level 1, country). */
export interface AddressPlace {
  zip: string;
  city: string;
  /** The state's two-letter code (administrative area level 1). */
  province: string;
  country: string;
  /** Where the place is (a ZIP code's centre for the built-in data set), or null when the source does not say. */
  coordinates: Coordinates | null;
}

/**
 * The address look-up port behind the apply pages' suggestions (autocomplete and geocode, US only). The embedded
 * default answers from a ZIP and city data set shipped with the product, so it needs no network; a maps provider
 * (platform/address/google.ts) is plugged in by settings and falls back to the embedded data when it fails.
 */
export interface AddressLookup {
  readonly kind: string;
  /** The place of a five-digit US ZIP code, or null when there is none. */
  byZip(zip: string): Promise<AddressPlace | null>;
  /** Places whose city starts with the text (optionally "City, ST"), or whose ZIP starts with it; at most `limit`. */
  search(text: string, limit: number): Promise<AddressPlace[]>;
}
