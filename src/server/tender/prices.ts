// Package prices of one analysed LV (EUR net, without the one-time setup fee, which is billed once
// per customer and not per LV).

import { AUSFUEHRUNGSPAKET, KALKULATIONSPAKET, packagePrice } from "../../common/prices";

export interface TenderPrices {
  kalkulationspaket: number;
  ausfuehrungspaket: number;
}

export function priceTender(chargeablePositions: number): TenderPrices {
  return {
    kalkulationspaket: packagePrice(KALKULATIONSPAKET, chargeablePositions),
    ausfuehrungspaket: packagePrice(AUSFUEHRUNGSPAKET, chargeablePositions),
  };
}
