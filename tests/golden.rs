const GOLDEN: u64 = 0x0ab6_902c_166a_854b;
