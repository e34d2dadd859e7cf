import {
  CACHE_MS,
  addressLookupQuerySchema,
  addressLookupResultSchema,
  type AddressSuggestion,
} from '@casting/domain';
import { createEmbeddedAddressLookup, type AddressLookup, type AddressPlace } from '../../platform/address';
import { access } from '../../platform/http/access';
import type { ApiModule } from '../../platform/http/module';
import { publicQuota } from '../../platform/http/public-quota';

const suggestion = (place: AddressPlace): AddressSuggestion => ({
  ...place,
  label: `${place.city}, ${place.province} ${place.zip}`,
});

/**
 * US address suggestions for the apply pages' address fields (autocomplete and geocode), through the address
 * look-up port. Public, because the apply pages have no account; limited per address like every public call.
 */
export function addressesModuleWith(lookup: AddressLookup): ApiModule {
  return {
    name: 'addresses',
    register(app, context) {
      const { db } = context.database;
      app.get(
        '/users/lookups/addresses',
        {
          config: { access: access.public() },
          schema: {
            tags: ['lookups'],
            summary:
              'US address suggestions: the place of a ZIP code, or cities (or ZIPs) starting with the text',
            querystring: addressLookupQuerySchema,
            response: { 200: addressLookupResultSchema },
          },
        },
        async (request, reply) => {
          await publicQuota(db, request, 'read');
          // The data changes with releases, not by the minute: browsers keep an answer as long as the web app's own
          // cache of address suggestions does (a day).
          reply.header('cache-control', `public, max-age=${CACHE_MS.addressAutocomplete / 1000}`);
          const { zip, q, limit } = request.query;
          if (zip) {
            const place = await lookup.byZip(zip);
            return { items: place ? [suggestion(place)] : [] };
          }
          if (!q) return { items: [] };
          return { items: (await lookup.search(q, limit)).map(suggestion) };
        },
      );
    },
  };
}

export const addressesModule = addressesModuleWith(createEmbeddedAddressLookup());
