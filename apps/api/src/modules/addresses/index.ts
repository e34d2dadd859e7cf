import {
  CACHE_MS,
  addressLookupQuerySchema,
  addressLookupResultSchema,
  type AddressSuggestion,
} from '@casting/domain';
import type { AddressPlace } from '../../platform/address';
import { access } from '../../platform/http/access';
import type { ApiModule } from '../../platform/http/module';
import { publicQuota } from '../../platform/http/public-quota';

const suggestion = (place: AddressPlace): AddressSuggestion => ({
  zip: place.zip,
  city: place.city,
  province: place.province,
  country: place.country,
  label: `${[place.city, place.province].filter(Boolean).join(', ')} ${place.zip}`.trim(),
});

/**
 * US address suggestions for the apply pages' address fields (autocomplete and geocode), through the address
 * look-up port: the maps provider when one is configured, else the built-in data set. Public, because the apply
 * pages have no account; limited per address by a quota of its own, and the provider by the installation's budget.
 */
export const addressesModule: ApiModule = {
  name: 'addresses',
  register(app, context) {
    const { db } = context.database;
    const lookup = context.addresses;
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
        await publicQuota(db, request, 'addressLookup');
        // Answers change with the data, not by the minute: browsers keep one as long as the web app's own cache of
        // address suggestions does (a day), as the server keeps the provider's.
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
