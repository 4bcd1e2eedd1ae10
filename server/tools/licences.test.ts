import { describe, expect, it } from "vitest";
import { classifyLicence } from "./licences.ts";

describe("classifyLicence", () => {
  it("reads an OSI-approved licence as open source, whatever the case of its id", () => {
    expect(classifyLicence("MIT")).toEqual({ id: "MIT", name: "MIT License", kind: "open-source" });
    expect(classifyLicence("apache-2.0")).toMatchObject({ id: "Apache-2.0", kind: "open-source" });
    expect(classifyLicence(" AGPL-3.0-or-later ")).toMatchObject({ id: "AGPL-3.0-or-later", kind: "open-source" });
    // SPDX's former ids, as GitHub still writes some.
    expect(classifyLicence("GPL-3.0")).toMatchObject({ id: "GPL-3.0-only", kind: "open-source" });
    // The Boost licence is BSL-1.0, open; the Business Source License is BUSL-1.1, not.
    expect(classifyLicence("BSL-1.0")).toMatchObject({ kind: "open-source" });
  });

  it("reads the licences that show the code but restrict its use as source-available", () => {
    for (const id of [
      "BUSL-1.1",
      "SSPL-1.0",
      "Elastic-2.0",
      "FSL-1.1-MIT",
      "FSL-1.1-ALv2",
      "PolyForm-Noncommercial-1.0.0",
    ])
      expect(classifyLicence(id), id).toMatchObject({ id, kind: "source-available" });
    expect(classifyLicence("LicenseRef-Sustainable-Use-License")).toMatchObject({
      name: "Sustainable Use License",
      kind: "source-available",
    });
    // An open licence with the Commons Clause is no longer open.
    expect(classifyLicence("Apache-2.0 AND Commons-Clause")).toEqual({
      id: "Apache-2.0 AND Commons-Clause",
      name: "Apache License 2.0 and Commons Clause",
      kind: "source-available",
    });
  });

  it("reads no licence granted as proprietary", () => {
    expect(classifyLicence("UNLICENSED")).toEqual({
      id: "LicenseRef-Proprietary",
      name: "Proprietary",
      kind: "proprietary",
    });
    expect(classifyLicence("LicenseRef-Proprietary")).toMatchObject({ kind: "proprietary" });
  });

  it("reads a choice as its most open option, and an exception as its licence", () => {
    expect(classifyLicence("MIT OR Apache-2.0")).toEqual({
      id: "MIT OR Apache-2.0",
      name: "MIT License or Apache License 2.0",
      kind: "open-source",
    });
    expect(classifyLicence("(BUSL-1.1 OR GPL-3.0-only)")).toMatchObject({ kind: "open-source" });
    expect(classifyLicence("Apache-2.0 WITH LLVM-exception")).toEqual({
      id: "Apache-2.0 WITH LLVM-exception",
      name: "Apache License 2.0 with LLVM-exception",
      kind: "open-source",
    });
  });

  it("does not recognise what it cannot place, and never calls it open source", () => {
    for (const text of [
      "",
      "NOASSERTION",
      "other",
      "Custom licence",
      "MIT OR Custom",
      "(MIT AND BSD-3-Clause) OR Apache-2.0",
      // Known to SPDX, but neither OSI-approved nor restricting use: its kind is an admin's to set.
      "CC0-1.0",
      "WTFPL",
      "x".repeat(300),
    ])
      expect(classifyLicence(text), text).toBeNull();
  });
});
