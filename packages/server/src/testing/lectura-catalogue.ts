/**
 * The vehicle catalogue the local Lectura server answers with: real manufacturers and model
 * names, from a compact table, expanded into a few hundred models (each base model in several
 * versions) with a new price, years of production and residual-value curves.
 *
 * Curves are a plausible regression, not market data: a first-year drop, then an exponential
 * decline whose rate depends on the category and the usage (LOW, NORMAL, HIGH).
 */
export interface LecturaCategory {
  id: number;
  name: string;
  parent_id: number | null;
}
export interface LecturaManufacturer {
  id: number;
  name: string;
  country: string;
}
export interface LecturaModel {
  id: number;
  name: string;
  manufacturer_id: number;
  manufacturer_name: string;
  category_id: number;
  category_name: string;
  root_category_id: number;
  year_from: number;
  year_to: number | null;
  price_new: number;
  currency: string;
  power_kw: number;
  /** Lectura leaves unknown texts as the literal "null". */
  service_code: string;
  rv_code: string;
}

interface Family {
  root: string;
  sub: string;
  /** Value lost in the first year (fraction) and yearly decline rate afterwards. */
  drop: number;
  rate: number;
  versions: [suffix: string, priceFactor: number, powerFactor: number][];
  models: [manufacturer: string, model: string, price: number, powerKw: number, yearFrom: number][];
}

const car: Family['versions'] = [
  ['1.0 petrol', 1, 1],
  ['1.5 diesel', 1.09, 1.1],
  ['hybrid', 1.16, 1.3],
];
const machine: Family['versions'] = [
  ['standard', 1, 1],
  ['long reach', 1.12, 1],
  ['tier 5 engine', 1.07, 1.05],
];

const families: Family[] = [
  {
    root: 'Passenger cars',
    sub: 'Small cars',
    drop: 0.2,
    rate: 0.14,
    versions: car,
    models: [
      ['Renault', 'Clio', 18900, 67, 2019],
      ['Peugeot', '208', 19900, 74, 2019],
      ['Volkswagen', 'Polo', 20500, 70, 2017],
      ['Toyota', 'Yaris', 21900, 85, 2020],
      ['Citroën', 'C3', 17900, 61, 2016],
      ['Opel', 'Corsa', 19200, 74, 2019],
      ['Fiat', '500', 16900, 51, 2020],
      ['Dacia', 'Sandero', 13500, 67, 2020],
      ['Seat', 'Ibiza', 18800, 70, 2017],
      ['Hyundai', 'i20', 19300, 74, 2020],
    ],
  },
  {
    root: 'Passenger cars',
    sub: 'Compact cars',
    drop: 0.19,
    rate: 0.13,
    versions: car,
    models: [
      ['Volkswagen', 'Golf', 29900, 85, 2019],
      ['Peugeot', '308', 27900, 96, 2021],
      ['Renault', 'Mégane', 27200, 103, 2016],
      ['Ford', 'Focus', 26500, 92, 2018],
      ['Toyota', 'Corolla', 28900, 103, 2019],
      ['Skoda', 'Octavia', 29300, 85, 2020],
      ['Audi', 'A3', 33900, 110, 2020],
      ['BMW', '1 Series', 34500, 100, 2019],
      ['Mercedes-Benz', 'A-Class', 35900, 100, 2018],
      ['Kia', 'Ceed', 25900, 88, 2018],
    ],
  },
  {
    root: 'Passenger cars',
    sub: 'SUVs',
    drop: 0.17,
    rate: 0.12,
    versions: car,
    models: [
      ['Peugeot', '3008', 36900, 96, 2016],
      ['Renault', 'Captur', 25900, 67, 2019],
      ['Dacia', 'Duster', 19900, 74, 2017],
      ['Volkswagen', 'Tiguan', 39900, 110, 2020],
      ['Toyota', 'RAV4', 41900, 160, 2019],
      ['Nissan', 'Qashqai', 32900, 103, 2021],
      ['Hyundai', 'Tucson', 35900, 110, 2020],
      ['Kia', 'Sportage', 34900, 110, 2021],
      ['BMW', 'X3', 55900, 140, 2017],
      ['Volvo', 'XC60', 54900, 145, 2017],
    ],
  },
  {
    root: 'Passenger cars',
    sub: 'Executive cars',
    drop: 0.22,
    rate: 0.15,
    versions: car,
    models: [
      ['BMW', '5 Series', 59900, 140, 2017],
      ['Mercedes-Benz', 'E-Class', 61900, 145, 2016],
      ['Audi', 'A6', 58900, 150, 2018],
      ['Volvo', 'S90', 55900, 145, 2016],
      ['Peugeot', '508', 42900, 133, 2018],
      ['Skoda', 'Superb', 41900, 110, 2015],
    ],
  },
  {
    root: 'Light commercial vehicles',
    sub: 'Vans',
    drop: 0.16,
    rate: 0.12,
    versions: [
      ['L1H1', 1, 1],
      ['L2H2', 1.08, 1],
      ['L3H2 twin cab', 1.15, 1.1],
    ],
    models: [
      ['Renault', 'Trafic', 32900, 96, 2014],
      ['Renault', 'Master', 38900, 110, 2019],
      ['Peugeot', 'Expert', 31900, 88, 2016],
      ['Citroën', 'Jumpy', 31500, 88, 2016],
      ['Ford', 'Transit', 39900, 96, 2014],
      ['Mercedes-Benz', 'Sprinter', 45900, 105, 2018],
      ['Volkswagen', 'Crafter', 44900, 103, 2017],
      ['Fiat', 'Ducato', 36900, 103, 2014],
      ['Iveco', 'Daily', 41900, 115, 2014],
    ],
  },
  {
    root: 'Light commercial vehicles',
    sub: 'Pick-ups',
    drop: 0.14,
    rate: 0.11,
    versions: [
      ['single cab', 1, 1],
      ['double cab', 1.1, 1],
    ],
    models: [
      ['Toyota', 'Hilux', 38900, 110, 2016],
      ['Ford', 'Ranger', 39900, 125, 2022],
      ['Isuzu', 'D-Max', 33900, 120, 2020],
      ['Mitsubishi', 'L200', 34900, 110, 2015],
    ],
  },
  {
    root: 'Construction machinery',
    sub: 'Crawler excavators',
    drop: 0.12,
    rate: 0.09,
    versions: machine,
    models: [
      ['Caterpillar', '320', 215000, 108, 2017],
      ['Caterpillar', '336', 340000, 224, 2018],
      ['Komatsu', 'PC210LC-11', 205000, 123, 2016],
      ['Volvo CE', 'EC220E', 210000, 128, 2016],
      ['Liebherr', 'R 926', 245000, 150, 2018],
      ['Hitachi', 'ZX210LC-7', 200000, 122, 2020],
      ['JCB', 'JS220', 175000, 129, 2016],
      ['Hyundai CE', 'HX220AL', 170000, 128, 2018],
    ],
  },
  {
    root: 'Construction machinery',
    sub: 'Mini excavators',
    drop: 0.1,
    rate: 0.08,
    versions: machine,
    models: [
      ['Kubota', 'KX057-5', 62000, 34, 2019],
      ['Kubota', 'U27-4', 41000, 15, 2015],
      ['Takeuchi', 'TB260', 66000, 43, 2015],
      ['Bobcat', 'E35z', 48000, 18, 2017],
      ['Yanmar', 'ViO57-6', 60000, 29, 2016],
      ['Caterpillar', '302.7 CR', 45000, 17, 2019],
      ['Volvo CE', 'ECR50F', 64000, 36, 2020],
    ],
  },
  {
    root: 'Construction machinery',
    sub: 'Backhoe loaders',
    drop: 0.11,
    rate: 0.085,
    versions: machine,
    models: [
      ['JCB', '3CX', 98000, 55, 2016],
      ['JCB', '4CX', 118000, 81, 2016],
      ['Caterpillar', '432', 112000, 74, 2017],
      ['Case', '580ST', 104000, 72, 2015],
      ['New Holland', 'B110C', 101000, 74, 2015],
      ['Komatsu', 'WB97S-8', 109000, 74, 2017],
    ],
  },
  {
    root: 'Construction machinery',
    sub: 'Wheel loaders',
    drop: 0.12,
    rate: 0.09,
    versions: machine,
    models: [
      ['Caterpillar', '950 GC', 245000, 168, 2017],
      ['Volvo CE', 'L120H', 260000, 186, 2016],
      ['Liebherr', 'L 550', 255000, 160, 2017],
      ['Komatsu', 'WA320-8', 180000, 112, 2018],
      ['JCB', '457', 230000, 164, 2016],
    ],
  },
  {
    root: 'Agricultural machinery',
    sub: 'Tractors',
    drop: 0.1,
    rate: 0.07,
    versions: [
      ['2WD', 1, 1],
      ['4WD', 1.08, 1],
      ['4WD front loader', 1.16, 1],
    ],
    models: [
      ['John Deere', '6155M', 165000, 114, 2018],
      ['John Deere', '6R 150', 185000, 110, 2021],
      ['Fendt', '724 Vario', 215000, 174, 2019],
      ['Claas', 'Arion 660', 170000, 134, 2019],
      ['Massey Ferguson', '7S.190', 160000, 140, 2020],
      ['New Holland', 'T7.270', 190000, 199, 2018],
      ['Case IH', 'Puma 185', 175000, 136, 2018],
      ['Deutz-Fahr', '6185 TTV', 168000, 132, 2018],
      ['Valtra', 'T195', 172000, 148, 2019],
    ],
  },
  {
    root: 'Trucks',
    sub: 'Tractor units',
    drop: 0.18,
    rate: 0.13,
    versions: [
      ['4x2 standard', 1, 1],
      ['4x2 low deck', 1.03, 1],
      ['6x2 mid lift', 1.09, 1.05],
    ],
    models: [
      ['Mercedes-Benz', 'Actros 1845', 118000, 330, 2019],
      ['Volvo', 'FH 500', 125000, 368, 2020],
      ['Scania', 'R 450', 122000, 331, 2017],
      ['DAF', 'XF 480', 115000, 355, 2017],
      ['MAN', 'TGX 18.470', 117000, 346, 2020],
      ['Renault Trucks', 'T 480', 110000, 353, 2013],
      ['Iveco', 'S-Way 490', 109000, 360, 2019],
    ],
  },
  {
    root: 'Material handling',
    sub: 'Forklifts',
    drop: 0.15,
    rate: 0.1,
    versions: [
      ['electric', 1, 1],
      ['diesel', 0.92, 1.4],
    ],
    models: [
      ['Toyota', 'Traigo 80', 38000, 16, 2016],
      ['Linde', 'E30', 42000, 18, 2015],
      ['Jungheinrich', 'EFG 430', 40000, 17, 2016],
      ['Still', 'RX 20-30', 39000, 16, 2017],
      ['Hyster', 'J3.0XNT', 37000, 16, 2016],
    ],
  },
  {
    root: 'Material handling',
    sub: 'Telehandlers',
    drop: 0.12,
    rate: 0.09,
    versions: machine,
    models: [
      ['Manitou', 'MT 1840', 110000, 105, 2016],
      ['JCB', '540-140', 105000, 81, 2016],
      ['Merlo', 'P40.17', 102000, 85, 2017],
      ['Genie', 'GTH-4018', 98000, 55, 2017],
    ],
  },
];

const countries: Record<string, string> = {
  Renault: 'FR',
  Peugeot: 'FR',
  Citroën: 'FR',
  Dacia: 'RO',
  Manitou: 'FR',
  'Renault Trucks': 'FR',
  Volkswagen: 'DE',
  Opel: 'DE',
  Audi: 'DE',
  BMW: 'DE',
  'Mercedes-Benz': 'DE',
  MAN: 'DE',
  Fendt: 'DE',
  Claas: 'DE',
  Liebherr: 'DE',
  Linde: 'DE',
  Jungheinrich: 'DE',
  Still: 'DE',
  'Deutz-Fahr': 'DE',
  Toyota: 'JP',
  Nissan: 'JP',
  Mitsubishi: 'JP',
  Isuzu: 'JP',
  Komatsu: 'JP',
  Hitachi: 'JP',
  Kubota: 'JP',
  Takeuchi: 'JP',
  Yanmar: 'JP',
  Hyundai: 'KR',
  Kia: 'KR',
  'Hyundai CE': 'KR',
  Ford: 'US',
  Caterpillar: 'US',
  'John Deere': 'US',
  Bobcat: 'US',
  Case: 'US',
  'Case IH': 'US',
  Hyster: 'US',
  Genie: 'US',
  'Massey Ferguson': 'US',
  Fiat: 'IT',
  Iveco: 'IT',
  'New Holland': 'IT',
  Merlo: 'IT',
  Seat: 'ES',
  Skoda: 'CZ',
  Volvo: 'SE',
  'Volvo CE': 'SE',
  Scania: 'SE',
  Valtra: 'FI',
  DAF: 'NL',
  JCB: 'GB',
};

/** Usage multipliers of the decline rate. */
export const usageRates: Record<string, number> = { LOW: 0.85, NORMAL: 1, HIGH: 1.25 };

function build() {
  const categories: LecturaCategory[] = [];
  const manufacturers: LecturaManufacturer[] = [];
  const models: LecturaModel[] = [];
  const curveParameters = new Map<number, { drop: number; rate: number }>();
  const categoryId = (name: string, parent: number | null) => {
    const found = categories.find((c) => c.name === name && c.parent_id === parent);
    if (found) return found.id;
    const id =
      (parent === null ? 1 : 100) + categories.filter((c) => (c.parent_id === null) === (parent === null)).length;
    categories.push({ id, name, parent_id: parent });
    return id;
  };
  const manufacturerId = (name: string) => {
    const found = manufacturers.find((m) => m.name === name);
    if (found) return found.id;
    const id = 1000 + manufacturers.length;
    manufacturers.push({ id, name, country: countries[name] ?? 'EU' });
    return id;
  };
  for (const family of families) {
    const root = categoryId(family.root, null);
    const sub = categoryId(family.sub, root);
    for (const [manufacturer, model, price, power, yearFrom] of family.models) {
      const mid = manufacturerId(manufacturer);
      family.versions.forEach(([suffix, priceFactor, powerFactor], v) => {
        const id = 10000 + models.length;
        models.push({
          id,
          name: `${model} ${suffix}`,
          manufacturer_id: mid,
          manufacturer_name: manufacturer,
          category_id: sub,
          category_name: family.sub,
          root_category_id: root,
          year_from: yearFrom + (v === 2 ? 1 : 0),
          year_to: null,
          price_new: Math.round((price * priceFactor) / 10) * 10,
          currency: 'EUR',
          power_kw: Math.round(power * powerFactor),
          service_code: v === 0 ? `SRV-${family.sub.slice(0, 3).toUpperCase()}` : 'null',
          rv_code: `RV-${id}`,
        });
        curveParameters.set(id, { drop: family.drop + v * 0.01, rate: family.rate });
      });
    }
  }
  return { categories, manufacturers, models, curveParameters };
}

export const lecturaCatalogue = build();

/**
 * Residual value in percent of the new price by age in months (0 to 96, every 12), for a model
 * built in `year`: younger model years keep a little more value.
 */
export function curveOf(modelId: number, year: number, usage: string) {
  const p = lecturaCatalogue.curveParameters.get(modelId);
  const model = lecturaCatalogue.models.find((m) => m.id === modelId);
  if (!p || !model) return undefined;
  const rate = p.rate * (usageRates[usage] ?? 1) * (1 - Math.min(Math.max(year - model.year_from, 0), 6) * 0.01);
  const points = [];
  for (let months = 0; months <= 96; months += 12) {
    const value = months === 0 ? 100 : 100 * (1 - p.drop) * Math.exp((-rate * (months - 12)) / 12);
    points.push({ age: months, value: Math.round(value * 100) / 100 });
  }
  return { usage, year, points };
}
