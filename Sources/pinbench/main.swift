print("pinbench")
