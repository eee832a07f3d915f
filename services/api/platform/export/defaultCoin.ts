/** Amounts are in soles unless the request names another currency. */
export const defaultCoin = 'S/';
