import { describe, expect, it } from 'vitest';
import { isGenericPhoto } from './generic-photos';

describe('series and package photos', () => {
  it.each([
    // Digi-Key (recorded answers): a series photo, a package drawing, and the part's own photos
    ['https://mm.digikey.com/Volume0/opasdata/d220001/medias/images/2413/FP116C%20SERIES.jpg', true],
    ['https://mm.digikey.com/Volume0/opasdata/d220001/medias/images/3985/296%7E4221848%7EPW%7E8.JPG', true],
    ['https://mm.digikey.com/Volume0/opasdata/d220001/medias/images/5731/857-400.jpg', false],
    ['https://mm.digikey.com/Volume0/opasdata/d220001/medias/images/5731/MFG_857-401.jpg', false],
    // Mouser (recorded answers): its own stock pictures and package outlines
    ['https://www.mouser.com/images/mouserelectronics/images/SOT_23_3_t.jpg', true],
    ['https://www.mouser.com/images/texasinstruments/images/TSSOP-8_SPL.jpg', true],
    ['https://www.mouser.com/images/lemo/lrg/FGG0B305.jpg', false],
    ['https://www.mouser.com/images/alphaomega/images/AOZ1282CI.jpg', false],
    ['https://example.com/photos/terminal_block_family.png', true],
    ['https://example.com/photos/SC16IS740.png', false],
    ['not an address', false],
  ])('%s -> %s', (address, generic) => {
    expect(isGenericPhoto(address)).toBe(generic);
  });
});
