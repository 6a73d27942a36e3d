import type { Gender } from "../schema/columns.js";
import type { Random } from "./random.js";

export const femaleNames = [
  "María",
  "Ana",
  "Carmen",
  "Luisa",
  "Gabriela",
  "Daniela",
  "Valentina",
  "Andrea",
  "Sofía",
  "Camila",
  "Isabel",
  "Mariana",
  "Fernanda",
  "Paola",
  "Carolina",
  "Alejandra",
  "Victoria",
  "Natalia",
  "Rosa",
  "Elena",
  "Patricia",
  "Lucía",
  "Verónica",
  "Adriana",
  "Génesis",
  "Yusmary",
  "Oriana",
  "Milagros",
  "Beatriz",
  "Teresa",
];
export const maleNames = [
  "José",
  "Luis",
  "Carlos",
  "Juan",
  "Jesús",
  "Miguel",
  "Andrés",
  "Alejandro",
  "Daniel",
  "Gabriel",
  "Ricardo",
  "Fernando",
  "Manuel",
  "Rafael",
  "Eduardo",
  "Diego",
  "Santiago",
  "Sebastián",
  "Javier",
  "Antonio",
  "Francisco",
  "Pedro",
  "Víctor",
  "Óscar",
  "Héctor",
  "Ramón",
  "Samuel",
  "Simón",
  "Wilmer",
  "Yorman",
];
export const lastNames = [
  "González",
  "Rodríguez",
  "Pérez",
  "Hernández",
  "García",
  "Martínez",
  "López",
  "Sánchez",
  "Ramírez",
  "Díaz",
  "Torres",
  "Rojas",
  "Flores",
  "Morales",
  "Castillo",
  "Gutiérrez",
  "Suárez",
  "Medina",
  "Romero",
  "Mendoza",
  "Contreras",
  "Guerrero",
  "Rivas",
  "Blanco",
  "Marcano",
  "Briceño",
  "Salazar",
  "Bermúdez",
  "Chacón",
  "Velásquez",
  "Ortega",
  "Quintero",
  "Peña",
  "Acosta",
  "Álvarez",
  "Carrillo",
  "Zambrano",
  "Parra",
  "Uzcátegui",
  "Farías",
];
const streets = [
  "Av. Bolívar",
  "Av. Urdaneta",
  "Calle Miranda",
  "Av. Universidad",
  "Calle Sucre",
  "Av. Las Delicias",
  "Calle Páez",
  "Av. Libertador",
  "Calle Los Cedros",
  "Av. Andrés Bello",
  "Calle Real",
  "Av. Lara",
];
const cities = [
  "Caracas",
  "Maracay",
  "Valencia",
  "Barquisimeto",
  "Los Teques",
  "Guarenas",
  "Mérida",
  "Puerto La Cruz",
];
const phonePrefixes = ["0412", "0414", "0416", "0424", "0426", "0212"];

export type FakePerson = {
  firstName: string;
  lastName: string;
  gender: Gender;
  identityDocument: string;
  birthDate: string;
  phone: string;
  address: string;
};

/** Builds people with Spanish names and unique Venezuelan cédulas ("V-" + 7 or 8 digits). */
export class PersonFactory {
  private readonly usedDocuments = new Set<string>();

  constructor(private readonly random: Random) {}

  person(opts: {
    gender: Gender;
    documentRange: [number, number];
    birthYears: [number, number];
  }): FakePerson {
    const r = this.random;
    const first = r.pick(opts.gender === "female" ? femaleNames : maleNames);
    const second = r.next() < 0.4 ? ` ${r.pick(opts.gender === "female" ? femaleNames : maleNames)}` : "";
    let document: string;
    do {
      document = `V-${r.int(opts.documentRange[0], opts.documentRange[1])}`;
    } while (this.usedDocuments.has(document));
    this.usedDocuments.add(document);
    const month = String(r.int(1, 12)).padStart(2, "0");
    const dayOfMonth = String(r.int(1, 28)).padStart(2, "0");
    return {
      firstName: first + (second === ` ${first}` ? "" : second),
      lastName: `${r.pick(lastNames)} ${r.pick(lastNames)}`,
      gender: opts.gender,
      identityDocument: document,
      birthDate: `${r.int(opts.birthYears[0], opts.birthYears[1])}-${month}-${dayOfMonth}`,
      phone: `${r.pick(phonePrefixes)}-${r.int(1000000, 9999999)}`,
      address: `${r.pick(streets)}, casa ${r.int(1, 120)}, ${r.pick(cities)}`,
    };
  }
}
