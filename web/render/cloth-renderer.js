export class ClothRenderer {}
